import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * The answer to a request whose `field` the contract refuses (a malformed id, say): 400 `VALIDATION_FAILED`
 * with an issue naming the field. The browser words that code in the user's language
 * (`common:apiErrors.VALIDATION_FAILED`, shell/src/locales/api-errors.test.ts).
 */
export function expectInvalidField(response: LightMyRequestResponse, field: string): void {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { status: number; code: string; message: string; issues?: { path: string; message: string }[] };
  expect(body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  expect(body.message).not.toBe('');
  expect(body.issues?.map((issue) => issue.path), response.body).toContain(field);
}
