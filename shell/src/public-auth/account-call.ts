import { REQUEST_TIMEOUT_MS } from '@pagemate/shared-contracts/plain';

/**
 * A refused or failed account call: the server's error code (`NETWORK` when no answer came, `CONFIG` when the
 * runtime configuration naming the API could not be read) and its Retry-After.
 */
export class AccountCallError extends Error {
  constructor(
    readonly code: unknown,
    readonly retryAfter: string | null = null,
  ) {
    super(`account call failed: ${String(code)}`);
  }
}

/**
 * POSTs a public account call (to the API base URL, once known) the way the app's API client does (JSON, credentials included so the refresh
 * cookie is kept, the same time limit) without loading it: the light pages need no token refresh.
 */
export async function postAccountCall<T>(api: string | Promise<string>, path: string, body: unknown): Promise<T> {
  const apiBaseUrl = await Promise.resolve(api).catch(() => {
    throw new AccountCallError('CONFIG');
  });
  let response: Response;
  try {
    response = await fetch(new URL(path, apiBaseUrl.replace(/\/?$/, '/')), {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new AccountCallError('NETWORK');
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const code = typeof answer === 'object' && answer !== null && 'code' in answer ? answer.code : undefined;
    throw new AccountCallError(code, response.headers.get('Retry-After'));
  }
  return answer as T;
}
