import { createHash, randomBytes } from 'node:crypto';
import { FACEBOOK_API_VERSION, FACEBOOK_SCOPES, type FacebookConnectPopupError } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors/app-error.js';
import { GraphApiError } from '../../../meta/graph-client.js';
import { maskToken } from '../../../meta/token-cipher.js';
import type { LinkedInstagram } from './facebook-repository.js';
import { INSTAGRAM_SCOPES } from './instagram-link.js';

/** Dialog scopes: the product's (docs/product.md §7), plus what replying to comments and posting need (docs/meta-and-payos.md §1). */
export const CONNECT_SCOPES = [
  ...FACEBOOK_SCOPES,
  'pages_read_engagement',
  'pages_manage_engagement',
  'pages_manage_posts',
] as const;
/** How long a connect URL's `state` stays usable. */
export const CONNECT_STATE_TTL_MS = 10 * 60 * 1000;

/** Why the connect page cannot hand the dialog's answer over; it posts it as `error`. */
export class ConnectError extends Error {
  override name = 'ConnectError';
  constructor(readonly reason: FacebookConnectPopupError, detail?: string) {
    super(detail ?? reason);
  }
}

/** What the dialog sent the browser back with. */
export interface ConnectCallback {
  code?: string;
  state?: string;
  error?: string;
}

/** The dialog's answer, for the page manager that opened the popup to finish with. */
export interface ConnectHandOff {
  code: string;
  state: string;
}

export interface ConnectResult {
  userId: string;
  accountName: string;
  pages: number;
  /** Masked long-lived user token: a marker for the shell, never usable. */
  maskedToken: string;
}

/**
 * Connecting a Facebook account: the OAuth dialog's URL with a single-use `state`, the redirect's check, and the
 * exchange that stores the account's pages under the user who asked for the dialog (docs/meta-and-payos.md §1).
 */
export interface FacebookConnect {
  connectUrl(userId: string, options?: { instagram?: boolean }): Promise<{ url: string; sandbox: boolean }>;
  /**
   * The OAuth redirect's check, read only: a usable state, no dialog error, a code. Connects nothing: the
   * browser that started the flow finishes it with `completeConnect`, under its own session.
   */
  readCallback(callback: ConnectCallback): Promise<ConnectHandOff>;
  /** Who asked for this dialog `state`, while it is usable (read only): the Meta sandbox shows that user's pages. */
  connectStateOwner(state: string): Promise<string | undefined>;
  /** Consumes the state, which must be one `userId` asked for, then exchanges the code and stores the pages. */
  completeConnect(userId: string, handOff: ConnectHandOff): Promise<ConnectResult>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A state longer than this was never issued (ours are 43 characters): not worth a lookup. */
const MAX_STATE_LENGTH = 128;
const connectExpired = () =>
  new AppError(400, 'FACEBOOK_CONNECT_EXPIRED', 'This Facebook authorization is unknown, expired or was already used: nothing was connected; connect again');
const connectForeign = () =>
  new AppError(403, 'FACEBOOK_CONNECT_FOREIGN', 'This Facebook authorization was started by another PageMate account: nothing was connected. Connect again from your own page manager');

/** The connect flow of the `facebook` service; `linkedInstagram` reads each page's Instagram account. */
export function createFacebookConnect(
  app: FastifyInstance,
  linkedInstagram: (pageId: string, pageToken: string, allowed: boolean) => Promise<LinkedInstagram | null | undefined>,
): FacebookConnect {
  const repo = app.facebookRepository;
  const { meta } = app;
  const now = () => app.clock.now();

  return {
  async connectUrl(userId, { instagram = false } = {}) {
    // Instagram's permissions only for a user who asks to allow it, and again on every later connect.
    const withInstagram = instagram || (await repo.listAccounts(userId)).some((account) => account.instagramAllowed);
    const nonce = randomBytes(32).toString('base64url');
    const createdAt = now();
    await repo.insertConnectState({ nonceHash: sha256(nonce), userId, createdAt, expiresAt: new Date(createdAt.getTime() + CONNECT_STATE_TTL_MS) });
    const url = new URL(`${meta.dialogUrl}/${FACEBOOK_API_VERSION}/dialog/oauth`);
    url.searchParams.set('client_id', meta.appId);
    url.searchParams.set('redirect_uri', meta.redirectUri);
    url.searchParams.set('state', nonce);
    url.searchParams.set('scope', [...CONNECT_SCOPES, ...(withInstagram ? INSTAGRAM_SCOPES : [])].join(','));
    url.searchParams.set('response_type', 'code');
    return { url: url.toString(), sandbox: meta.sandbox };
  },

  async readCallback({ code, state, error }) {
    const usable = state !== undefined && state.length <= MAX_STATE_LENGTH && (await repo.isConnectStateUsable(sha256(state), now()));
    if (!usable) throw new ConnectError('invalid_state', 'unknown, expired or already used state');
    if (error) throw new ConnectError(error === 'access_denied' ? 'access_denied' : 'facebook_error', `dialog answered ${error}`);
    if (!code) throw new ConnectError('missing_code');
    return { code, state };
  },

  async connectStateOwner(state) {
    return state.length <= MAX_STATE_LENGTH ? repo.connectStateOwner(sha256(state), now()) : undefined;
  },

  async completeConnect(userId, { code, state }) {
    // The state is consumed first, whoever presents it: it is single use in every case.
    const owner = state.length <= MAX_STATE_LENGTH ? await repo.consumeConnectState(sha256(state), now()) : undefined;
    if (!owner) throw connectExpired();
    if (owner !== userId) {
      // Another account's authorization URL completed in this browser (sent to this user, or opened for them):
      // the pages belong to whoever approved the dialog here, never to the account that asked for the URL.
      app.log.warn({ userId, stateOwner: owner }, 'facebook connect: a state asked for by another account was presented');
      throw connectForeign();
    }
    try {
      const short = await meta.graph.exchangeCode(code, meta.redirectUri);
      const long = await meta.graph.exchangeForLongLived(short.access_token);
      const [me, granted] = await Promise.all([meta.graph.me(long.access_token), meta.graph.grantedPermissions(long.access_token)]);
      const instagramAllowed = INSTAGRAM_SCOPES.every((scope) => granted.includes(scope));
      const usable = (await meta.graph.pages(long.access_token)).filter((page) => typeof page.access_token === 'string' && page.access_token);
      const instagram = await Promise.all(usable.map((page) => linkedInstagram(page.id, page.access_token ?? '', instagramAllowed)));
      await repo.saveConnection(
        userId,
        {
          facebookUserId: me.id,
          name: me.name,
          userTokenEncrypted: meta.tokens.encrypt(long.access_token),
          sandbox: meta.sandbox,
          instagramAllowed,
          pages: usable.map((page, index) => ({ pageId: page.id, name: page.name, pageTokenEncrypted: meta.tokens.encrypt(page.access_token ?? ''), instagram: instagram[index] })),
        },
        now(),
      );
      return { userId, accountName: me.name, pages: usable.length, maskedToken: maskToken(long.access_token) };
    } catch (thrown) {
      if (!(thrown instanceof GraphApiError)) throw thrown;
      app.log.warn({ kind: thrown.kind, graphCode: thrown.code, operation: thrown.operation }, 'Facebook connect failed at Graph');
      if (thrown.kind === 'rate_limit' || thrown.kind === 'server' || thrown.kind === 'network') {
        throw new AppError(503, 'UNAVAILABLE', 'Facebook did not complete the connection; please connect again in a moment');
      }
      throw new AppError(400, 'FACEBOOK_CONNECT_REFUSED', 'Facebook refused this authorization (its code is invalid or was already used): nothing was connected; connect again');
    }
  },
  };
}
