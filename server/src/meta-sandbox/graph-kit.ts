import { FACEBOOK_API_VERSION } from '@pagemate/shared-contracts/contracts';
import type { FastifyRequest } from 'fastify';
import { graphErrorBody } from '../meta/graph-client.js';

/** The Graph version the sandbox serves its paths under. */
export const V = `/${FACEBOOK_API_VERSION}`;

/** A Graph error as Meta answers it; thrown inside the sandbox, answered by its error handler. */
export class SandboxGraphError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: ReturnType<typeof graphErrorBody>,
  ) {
    super(body.error.message);
  }
}

export const fail = (httpStatus: number, message: string, code: number, type = 'OAuthException', subcode?: number) =>
  new SandboxGraphError(httpStatus, graphErrorBody(message, code, type, subcode));

export type Params = Record<string, string | undefined>;
/**
 * Query and body parameters, the body's winning. A repeated query parameter (`?code=a&code=b`) arrives as an
 * array: its first value counts, as Graph reads it. JSON bodies may hold any type: the string parameters are read
 * through `text()`.
 */
export const paramsOf = (request: FastifyRequest): Params => {
  const query = Object.fromEntries(
    Object.entries((request.query ?? {}) as Record<string, unknown>).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  ) as Params;
  const body = typeof request.body === 'object' && request.body !== null ? (request.body as Params) : {};
  return { ...query, ...body };
};
/** A parameter that must be text (a JSON body may carry a number, an object…), else undefined. */
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Values of a form post may be JSON strings (`recipient={"id":"…"}`); JSON bodies carry objects already. */
export function objectParam(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value) as unknown;
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
