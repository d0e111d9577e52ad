import { randomBytes, randomInt } from 'node:crypto';
import { FACEBOOK_CONNECT_PATH } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type FetchLike, GraphClient } from '../../../meta/graph-client.js';
import { TokenCipher } from '../../../meta/token-cipher.js';
import { storedAppValue } from '../app-meta-values.js';

export const SANDBOX_PREFIX = '/meta-sandbox';
export const SANDBOX_APP_ID_KEY = 'meta_sandbox.app_id';
export const SANDBOX_APP_SECRET_KEY = 'meta_sandbox.app_secret';
export const GENERATED_TOKEN_KEY_KEY = 'meta.token_encryption_key';
export const WEBHOOK_VERIFY_TOKEN_KEY = 'meta.webhook_verify_token';

/** The Facebook app the server acts as — Meta's, or the built-in sandbox's — and the tools to talk to it. */
export interface MetaApp {
  /** No Facebook app configured: the built-in sandbox under /meta-sandbox plays Meta. */
  sandbox: boolean;
  appId: string;
  /** Server only: appsecret_proof, code exchange, webhook signatures. */
  appSecret: string;
  graphUrl: string;
  dialogUrl: string;
  /** The OAuth redirect target: `${PUBLIC_API_URL}/${FACEBOOK_CONNECT_PATH}`, identical in dialog and exchange. */
  redirectUri: string;
  /** What Meta must echo in the webhook subscription handshake (`hub.verify_token`). */
  webhookVerifyToken: string;
  graph: GraphClient;
  tokens: TokenCipher;
  /** Outbound HTTP (Graph, webhook deliveries); tests route it to `app.inject`. */
  fetch: FetchLike;
}

declare module 'fastify' {
  interface FastifyInstance {
    meta: MetaApp;
  }
}

export interface MetaAppOptions {
  fetch?: FetchLike;
  /** Graph client retry backoff base, ms (tests: 0). */
  graphBackoffMs?: number;
}

async function metaAppPlugin(app: FastifyInstance, options: MetaAppOptions) {
  const { facebook, publicApiUrl } = app.config;
  const sandbox = facebook.appId === undefined || facebook.appSecret === undefined;
  let appId = facebook.appId ?? '';
  let appSecret = facebook.appSecret ?? '';
  if (sandbox) {
    appId = (await storedAppValue(app, SANDBOX_APP_ID_KEY, () => `9${String(randomInt(10 ** 13, 10 ** 14))}`)).value;
    appSecret = (await storedAppValue(app, SANDBOX_APP_SECRET_KEY, () => randomBytes(16).toString('hex'))).value;
    app.log.warn('FACEBOOK_APP_ID/FACEBOOK_APP_SECRET are not set: the built-in Meta sandbox plays Meta (demo accounts and pages)');
  }

  let key = facebook.tokenEncryptionKey;
  if (!key) {
    const stored = await storedAppValue(app, GENERATED_TOKEN_KEY_KEY, () => randomBytes(32).toString('base64url'));
    if (stored.created) app.log.warn(`TOKEN_ENCRYPTION_KEY is not set: generated one and stored it in the database (app_meta "${GENERATED_TOKEN_KEY_KEY}")`);
    key = Buffer.from(stored.value, 'base64url');
  }

  let webhookVerifyToken = facebook.webhookVerifyToken;
  if (!webhookVerifyToken) {
    const stored = await storedAppValue(app, WEBHOOK_VERIFY_TOKEN_KEY, () => randomBytes(18).toString('base64url'));
    webhookVerifyToken = stored.value;
    if (stored.created && !sandbox) {
      app.log.warn(`FACEBOOK_WEBHOOK_VERIFY_TOKEN is not set: generated "${stored.value}" (app_meta "${WEBHOOK_VERIFY_TOKEN_KEY}"); enter it as the verify token in the Meta app's webhook setup`);
    }
  }

  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const sandboxBase = `${publicApiUrl}${SANDBOX_PREFIX}`;
  const graphUrl = facebook.graphUrl ?? (sandbox ? sandboxBase : 'https://graph.facebook.com');
  app.decorate('meta', {
    sandbox,
    appId,
    appSecret,
    graphUrl,
    dialogUrl: facebook.dialogUrl ?? (sandbox ? sandboxBase : 'https://www.facebook.com'),
    redirectUri: `${publicApiUrl}/${FACEBOOK_CONNECT_PATH}`,
    webhookVerifyToken,
    graph: new GraphClient({ baseUrl: graphUrl, appId, appSecret, fetch: fetchImpl, backoffMs: options.graphBackoffMs }),
    tokens: new TokenCipher(key),
    fetch: fetchImpl,
  });
}

export default fp(metaAppPlugin, { name: 'meta-app', fastify: '5.x', dependencies: ['config', 'db'] });
