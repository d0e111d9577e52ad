import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * When the session check (logged out, revoked, past its lifetime) runs on a route with a bearer token:
     * `before` the handler (the default), or `alongside` a read-only handler's queries, whose answer waits for
     * the check and is dropped for a 401 when the session has ended (`answerOnceSessionChecked`).
     */
    sessionCheck?: 'before' | 'alongside';
  }
}

/** The session checks still running beside their request's handler (routes with `sessionCheck: 'alongside'`). */
const pending = new WeakMap<FastifyRequest, Promise<void>>();

/** The auth guard hands over a session check it did not wait for; it rejects with the 401 when the session has ended. */
export function checkSessionAlongside(request: FastifyRequest, check: Promise<void>): void {
  // Never an unhandled rejection: a request refused earlier (validation) may never ask for the outcome.
  check.catch(() => undefined);
  pending.set(request, check);
}

/** The request's session check still running, if any (the error handler waits for it too). */
export function pendingSessionCheck(request: FastifyRequest): Promise<void> | undefined {
  return pending.get(request);
}

/**
 * A read-only handler's answer once the request's session check is done: the check's 401 wins over anything
 * the handler returned or threw, so a revoked session never sees the rows (or learns anything from an error).
 */
export async function answerOnceSessionChecked<T>(request: FastifyRequest, answer: () => Promise<T>): Promise<T> {
  const check = pending.get(request);
  if (!check) return answer();
  const [session, result] = await Promise.allSettled([check, answer()]);
  if (session.status === 'rejected') throw session.reason;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
