import { earlyGetsOf } from '@pagemate/shared-contracts/plain';
import type { EarlyAnswer, TakeEarlyAnswer } from '@pagemate/shared-contracts';

/**
 * The first data a signed-in route needs, asked for beside the app's chunk instead of after it: once `config.json`
 * names the API, the GETs `earlyGetsOf` lists for the path, the stored token's role and its user (the session's
 * own lists, the layout's and the page's first calls) go out with the stored token, and the shared API client
 * takes each answer (`takeEarlyAnswer`, wired by `session/session.ts`) when the app makes the same GET with the
 * same token, once. Anything unexpected — not 2xx, not the `{ status: 200 }` envelope, a network failure, another
 * token, no call within `EARLY_ANSWER_KEPT_MS` — leaves the app's call to go out as it would have, token refresh
 * included. No axios or zod here: this runs in the start chunk.
 */

/** How long an early answer waits for the app's call, from its arrival; then it is dropped. */
export const EARLY_ANSWER_KEPT_MS = 10_000;

interface Kept {
  authorization: string;
  answer: Promise<EarlyAnswer | undefined>;
}

/** The answers not yet taken, by method and URL (the query's order aside). */
const kept = new Map<string, Kept>();

function keyOf(url: string): string {
  const parsed = new URL(url, globalThis.location?.href);
  parsed.searchParams.sort();
  return `GET ${parsed.href}`;
}

async function answerOf(response: Response): Promise<EarlyAnswer | undefined> {
  if (!response.ok) return undefined;
  const body = await response.text();
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed !== 'object' || parsed === null || (parsed as { status?: unknown }).status !== 200) return undefined;
  return { status: response.status, body, headers: Object.fromEntries(response.headers) };
}

/** The signed-in session the start found in storage: its token and the user id it claims (unchecked). */
export interface StoredSession {
  token: string;
  role: string | undefined;
  userId: string | undefined;
}

/** Sends the early GETs of a start at `pathname` for `session` to the API at `apiBaseUrl`; the URLs sent. */
export function sendEarlyGets(apiBaseUrl: string, pathname: string, session: StoredSession | null, send: typeof fetch = fetch): string[] {
  if (!session) return [];
  const base = apiBaseUrl.replace(/\/?$/, '/');
  const authorization = `Bearer ${session.token}`;
  return earlyGetsOf(pathname, session.role, session.userId).map((relative) => {
    const url = new URL(relative, base).href;
    const key = keyOf(url);
    // As the app's client sends it: the bearer token, the refresh cookie's credentials, JSON accepted.
    const answer = send(url, { credentials: 'include', headers: { Accept: 'application/json, text/plain, */*', Authorization: authorization } })
      .then(answerOf)
      .catch(() => undefined);
    const entry: Kept = { authorization, answer };
    kept.set(key, entry);
    void answer.then(() =>
      setTimeout(() => {
        if (kept.get(key) === entry) kept.delete(key);
      }, EARLY_ANSWER_KEPT_MS),
    );
    return url;
  });
}

/**
 * The early answer to a GET of `url` made with `authorization`, once. A call with another token (a refreshed one,
 * another user's) gets none, and the answer made with the old token is dropped.
 */
export const takeEarlyAnswer: TakeEarlyAnswer = (url, authorization) => {
  let key: string;
  try {
    key = keyOf(url);
  } catch {
    return undefined;
  }
  const entry = kept.get(key);
  if (!entry) return undefined;
  kept.delete(key);
  return entry.authorization === authorization ? entry.answer : undefined;
};
