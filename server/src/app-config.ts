import type { S3Config } from './storage/s3-file-storage.js';

/** The log levels the server accepts in LOG_LEVEL. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The server's configuration as the code reads it: grouped by domain, with units in the names. `loadConfig`
 * (config.ts) builds it from the environment, which `.env.example` documents.
 */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** When set, PostgreSQL at this URL; otherwise the embedded PGlite. */
  databaseUrl: string | undefined;
  /** An absolute directory, or `memory://` for a throw-away database. */
  pgliteDataDir: string;
  corsOrigins: string[];
  logLevel: (typeof LOG_LEVELS)[number];
  /** The URL browsers use to reach this API; the OpenAPI document lists it as its server. */
  publicApiUrl: string;
  /**
   * Proxies in front of the API (0: none). The client address and protocol come from X-Forwarded-*: the address
   * the outermost trusted proxy appended, so what a client writes there itself is ignored.
   */
  trustProxyHops: number;
  auth: AuthConfig;
  /** Per-IP rate limits are multiplied by this (many users behind one public address). */
  rateLimitIpMultiplier: number;
  /** Every account rate limit off: end-to-end test runs only (refused in production). */
  rateLimitDisabled: boolean;
  /** Shared state between instances: rate-limit counters in Redis when `url` is set, else in the database. */
  redis: { url: string | undefined; keyPrefix: string };
  email: EmailConfig;
  /** Where the shell runs: the only origin the Facebook connect page posts its result to. */
  shellOrigin: string;
  facebook: FacebookConfig;
  ledger: LedgerConfig;
  payments: PaymentsConfig;
  /** An absolute directory where uploaded files are kept (never served) when `s3` is unset. */
  filesDir: string;
  uploads: UploadsConfig;
  /** S3_BUCKET set → uploaded files live in this bucket (shared by every instance) instead of `filesDir`. */
  s3: S3Config | undefined;
  llm: LlmConfig;
  jobs: JobsConfig;
  bot: BotConfig;
}

/** The page bot's behaviour on comments and Messenger. */
export interface BotConfig {
  /** After a person answers a thread (from the managers or from Facebook), the bot stays quiet on it this long. */
  handoffPauseMinutes: number;
  /** Also answer each commenter once in private on Messenger (Meta's private reply). */
  privateReply: boolean;
  /** A reply's output ceiling: comment and Messenger answers are short. */
  maxOutputTokens: number;
  /**
   * Tries at one answer before it is marked failed and refunded. Retries wait 2, 4, 8… s (+ up to 25 %), so the
   * default 12 keeps an answer alive through about an hour of model outage or Graph rate limiting.
   */
  replyMaxAttempts: number;
}

/** What one user may upload: every tenant shares the disk, the bucket and the indexing jobs. */
export interface UploadsConfig {
  /** Documents a user keeps at most (deleting files frees room). */
  documents: UploadQuota;
  /** Post images a user uploads at most per `POST_LIMITS.imageQuotaDays` (images are kept for the posts that use them). */
  postImages: UploadQuota;
  /** Uploads per minute per user, documents and post images counted apart. */
  perMinute: number;
}

export interface UploadQuota {
  maxFiles: number;
  maxBytes: number;
}

export interface LlmConfig {
  /** An OpenAI-compatible endpoint; unset → the embedded retrieval engine (no network). */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
  /** When set (and `baseUrl`), passages are embedded too and retrieval mixes vectors with full text. */
  embeddingModel: string | undefined;
  maxOutputTokens: number;
  timeoutSeconds: number;
}

export interface JobsConfig {
  /** How often an idle worker looks for due jobs; 0 = no worker (tests run jobs by hand). */
  pollIntervalMs: number;
  /** Jobs one instance runs at once. */
  concurrency: number;
  /** More jobs one instance runs at once, for customer replies only: a reply never waits for a slot indexing took. */
  replyConcurrency: number;
  /** A claimed job is its instance's this long; past it (the instance died), another instance takes it. */
  leaseMs: number;
}

export interface PaymentsConfig {
  /** All three set → PayOS; all unset → the built-in PayOS-compatible sandbox (keys generated, kept in app_meta). */
  payos: { clientId: string; apiKey: string; checksumKey: string } | undefined;
  /** PayOS API base; unset → https://api-merchant.payos.vn, or the sandbox in sandbox mode. */
  payosApiUrl: string | undefined;
  /** A payment not paid this long after creation expires. */
  expiryMinutes: number;
  /** How often pending payments are checked with the provider; 0 = never (tests run it by hand). */
  reconcileIntervalSeconds: number;
}

export interface LedgerConfig {
  /** What 1,000 tokens (prompt + completion) cost, integer VND; a call's cost is rounded up to the dong. */
  pricePer1000TokensVnd: number;
  /** Most a user's AI calls may spend (settled + held) per Vietnam calendar day. */
  dailySpendCapUserVnd: number;
  /** Most one page's AI calls may spend (settled + held) per Vietnam calendar day. */
  dailySpendCapPageVnd: number;
  /** Falling under this available balance notifies the user (once per crossing). */
  lowBalanceThresholdVnd: number;
}

export interface FacebookConfig {
  /** Both unset → the built-in Meta sandbox (its id and secret are generated and kept in app_meta). */
  appId: string | undefined;
  appSecret: string | undefined;
  /** Graph API base without the version; unset → https://graph.facebook.com, or the sandbox in sandbox mode. */
  graphUrl: string | undefined;
  /** Base of the OAuth dialog; unset → https://www.facebook.com, or the sandbox in sandbox mode. */
  dialogUrl: string | undefined;
  webhookVerifyToken: string | undefined;
  /** AES-256-GCM key of tokens at rest; unset → generated once and kept in app_meta. */
  tokenEncryptionKey: Buffer | undefined;
}

export interface AuthConfig {
  /** HS256 key of access tokens; unset → generated once and kept in the database (app_meta). */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  /** A refresh token unused this long expires (idle timeout). */
  refreshTokenTtlSeconds: number;
  /** A session ends this long after sign-in, however often it is refreshed. */
  sessionAbsoluteLifetimeSeconds: number;
  /** An already rotated refresh token presented within this window is a concurrent refresh, not a replay. */
  refreshReuseGraceSeconds: number;
}

export interface EmailConfig {
  /** smtp:// or smtps:// URL; unset → verification codes are written to the log. */
  smtpUrl: string | undefined;
  from: string;
}
