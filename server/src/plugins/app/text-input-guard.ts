import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors/app-error.js';

/**
 * Text PostgreSQL cannot store: a NUL character (text and jsonb refuse it) and a lone UTF-16 surrogate (jsonb
 * refuses it; text would silently turn it into U+FFFD). No person types either, so they are refused at the door
 * instead of failing a query deep in a service as a 500.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The dotted path of the first string under `value` that cannot be stored, or undefined. */
export function unstorableTextPath(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path.join('.') : undefined;
  // Deeper than any contract schema goes: validation refuses the shape anyway.
  if (typeof value !== 'object' || value === null || depth > 32 || ArrayBuffer.isView(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...path, key].join('.');
    const found = unstorableTextPath(item, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** 400 VALIDATION_FAILED naming the field, as the contract's own refusals do. */
export function assertStorableText(value: unknown, part: string) {
  const path = unstorableTextPath(value);
  if (path === undefined) return;
  throw new AppError(400, 'VALIDATION_FAILED', `Invalid ${part}`, [
    { path, message: 'Text may not contain NUL characters or broken Unicode (lone surrogates)' },
  ]);
}

function textInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // Contract routes only (they all declare `auth`): webhooks and the sandboxes read their raw bodies themselves.
    if (request.routeOptions.config.auth === undefined) return;
    assertStorableText(request.params, 'params');
    assertStorableText(request.query, 'querystring');
    assertStorableText(request.body, 'body');
  });
}

export default fp(textInputGuard, { name: 'text-input-guard', fastify: '5.x' });
