import { apiErrorSchema } from '@pagemate/shared-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { toApiError } from './to-api-error.js';

describe('toApiError', () => {
  it.each([
    [401, 'UNAUTHENTICATED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [409, 'CONFLICT'],
    [413, 'PAYLOAD_TOO_LARGE'],
    [415, 'UNSUPPORTED_MEDIA_TYPE'],
    [429, 'RATE_LIMITED'],
    [405, 'BAD_REQUEST'],
  ])('keeps a %i with its stable code %s and its message', (statusCode, code) => {
    const body = toApiError(Object.assign(new Error('what the client did wrong'), { statusCode }));
    expect(body).toEqual({ status: statusCode, code, message: 'what the client did wrong' });
    expect(apiErrorSchema.parse(body)).toEqual(body);
  });

  it('passes an AppError through, 5xx included, since its message is written for the user', () => {
    expect(toApiError(new AppError(503, 'UNAVAILABLE', 'Database unavailable'))).toEqual({
      status: 503,
      code: 'UNAVAILABLE',
      message: 'Database unavailable',
    });
  });

  it.each([
    ['an Error', new Error('connect ECONNREFUSED 10.0.0.5:5432')],
    ['a 502 from a library', Object.assign(new Error('upstream said: secret'), { statusCode: 502 })],
    ['a string', 'boom'],
    ['null', null],
  ])('hides %s behind the generic 500', (_, thrown) => {
    expect(toApiError(thrown)).toEqual({ status: 500, code: 'INTERNAL', message: 'Internal server error' });
  });

  it('turns schema validation errors into field issues with dotted paths', () => {
    const error = Object.assign(new Error('body/items/0/name Too small'), {
      statusCode: 400,
      validationContext: 'body',
      validation: [{ instancePath: '/items/0/name', message: 'Too small' }, { instancePath: '', message: 'Expected object' }],
    });
    expect(toApiError(error)).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid body',
      issues: [
        { path: 'items.0.name', message: 'Too small' },
        { path: '', message: 'Expected object' },
      ],
    });
  });
});
