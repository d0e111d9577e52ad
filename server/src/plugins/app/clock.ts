import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where the app reads the time: session, token and code expiry all go through it, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

function clockPlugin(app: FastifyInstance, options: { clock?: Clock }) {
  app.decorate('clock', options.clock ?? systemClock);
}

export default fp(clockPlugin, { name: 'clock', fastify: '5.x' });
