import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PORTS } from '@pagemate/shared-contracts/contracts';
import { z } from 'zod';
import { LOG_LEVELS, type AppConfig } from './app-config.js';

/** The repository root: relative paths in the environment are resolved from here, whatever the cwd. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const origin = z.string().transform((value, ctx) => {
  try {
    const url = new URL(value);
    if (url.origin !== 'null') return url.origin;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: `"${value}" is not an origin such as http://localhost:3000` });
  return z.NEVER;
});

const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\/.+/.test(value), 'must be a postgres:// or postgresql:// URL');

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const seconds = (fallback: number) => z.coerce.number().int().min(1).max(10 * 365 * 24 * 3600).default(fallback);

const DAY_SECONDS = 24 * 3600;
const MEBIBYTE = 1024 * 1024;

/** TOKEN_ENCRYPTION_KEY as its 32 bytes: 64 hex digits or base64/base64url of 32 bytes; undefined when neither. */
export function encryptionKeyBytes(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return undefined;
}

/**
 * What a production server would otherwise do silently without a provider's keys, and the flag that allows it:
 * the Meta sandbox (demo pages), the PayOS sandbox (its checkout marks any deposit paid, without authentication),
 * and verification codes written to the log instead of emailed.
 */
const PRODUCTION_SANDBOX_RULES = [
  {
    flag: 'META_SANDBOX',
    missing: (env: { FACEBOOK_APP_ID?: string }) => env.FACEBOOK_APP_ID === undefined,
    message:
      'FACEBOOK_APP_ID/FACEBOOK_APP_SECRET are not set with NODE_ENV=production: set them, or set META_SANDBOX=true to serve the built-in Meta sandbox (demo pages) on purpose',
  },
  {
    flag: 'PAYMENTS_SANDBOX',
    missing: (env: { PAYOS_CLIENT_ID?: string }) => env.PAYOS_CLIENT_ID === undefined,
    message:
      'PAYOS_CLIENT_ID/PAYOS_API_KEY/PAYOS_CHECKSUM_KEY are not set with NODE_ENV=production: set them, or set PAYMENTS_SANDBOX=true to serve the PayOS sandbox (its checkout credits any deposit for free) on purpose',
  },
  {
    flag: 'EMAIL_CODES_IN_LOG',
    missing: (env: { SMTP_URL?: string }) => env.SMTP_URL === undefined,
    message: 'SMTP_URL is not set with NODE_ENV=production: set it, or set EMAIL_CODES_IN_LOG=true to write verification codes to the log on purpose',
  },
] as const;

/** Every variable the server reads; `.env.example` documents each of them. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(DEFAULT_PORTS.api),
  DATABASE_URL: postgresUrl.optional(),
  PGLITE_DATA_DIR: z.string().min(1).default('data/pglite'),
  CORS_ORIGINS: z
    .string()
    .default(`http://localhost:${DEFAULT_PORTS.shell}`)
    .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
    .pipe(z.array(origin)),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PUBLIC_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  // true / 1: one proxy (the load balancer); 2…10: that many in a chain (a CDN before the balancer); false / 0: none.
  TRUST_PROXY: z
    .union([z.enum(['true', 'false']), z.string().regex(/^(?:[0-9]|10)$/, 'must be true, false or a number of proxies from 0 to 10')])
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value)))
    .default(0),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
  ACCESS_TOKEN_TTL_SECONDS: seconds(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: seconds(14 * DAY_SECONDS),
  SESSION_ABSOLUTE_LIFETIME_SECONDS: seconds(30 * DAY_SECONDS),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  RATE_LIMIT_IP_MULTIPLIER: z.coerce.number().int().min(1).max(1_000).default(1),
  RATE_LIMIT_DISABLED: booleanFlag.default(false),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only (at most 64)').default('pagemate:'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_FROM: z.string().min(3).default('PageMate <no-reply@pagemate.local>'),
  SHELL_URL: origin.optional(),
  FACEBOOK_APP_ID: z.string().regex(/^\d{1,32}$/, 'must be the numeric Facebook app id').optional(),
  FACEBOOK_APP_SECRET: z.string().regex(/^[0-9a-zA-Z]{16,128}$/, 'must be the app secret from the Meta app dashboard').optional(),
  FACEBOOK_GRAPH_URL: z.url({ protocol: /^https?$/ }).optional(),
  FACEBOOK_DIALOG_URL: z.url({ protocol: /^https?$/ }).optional(),
  FACEBOOK_WEBHOOK_VERIFY_TOKEN: z.string().min(8).optional(),
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .refine((value) => encryptionKeyBytes(value) !== undefined, 'must be 32 bytes as 64 hex digits or base64 (`openssl rand -base64 32`)')
    .optional(),
  PRICE_PER_1000_TOKENS_VND: z.coerce.number().int().min(0).max(1_000_000).default(20),
  DAILY_SPEND_CAP_USER_VND: z.coerce.number().int().min(0).max(1_000_000_000).default(500_000),
  DAILY_SPEND_CAP_PAGE_VND: z.coerce.number().int().min(0).max(1_000_000_000).default(200_000),
  LOW_BALANCE_THRESHOLD_VND: z.coerce.number().int().min(0).max(1_000_000_000).default(20_000),
  PAYOS_CLIENT_ID: z.string().min(8).max(128).optional(),
  PAYOS_API_KEY: z.string().min(8).max(256).optional(),
  PAYOS_CHECKSUM_KEY: z.string().min(16).max(256).optional(),
  PAYOS_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().min(5).max(7 * 24 * 60).default(15),
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(24 * 3600).default(60),
  FILES_DIR: z.string().min(1).default('data/files'),
  DOCUMENT_QUOTA_FILES: z.coerce.number().int().min(1).max(1_000_000).default(500),
  DOCUMENT_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(1_024),
  POST_IMAGE_QUOTA_FILES: z.coerce.number().int().min(1).max(1_000_000).default(500),
  POST_IMAGE_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(1_024),
  UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    .refine((value) => { const url = new URL(value); return !url.username && !url.password && !url.search && !url.hash; }, 'must be a plain http(s) base URL, without credentials or query')
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as us-east-1 (MinIO: us-east-1; R2: auto)').optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(512).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_API_KEY: z.string().min(1).max(512).optional(),
  LLM_MODEL: z.string().min(1).max(200).optional(),
  LLM_EMBEDDING_MODEL: z.string().min(1).max(200).optional(),
  LLM_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).max(32_000).default(1_000),
  LLM_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  JOBS_REPLY_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(1),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(10).max(24 * 3600).optional(),
  BOT_HANDOFF_PAUSE_MINUTES: z.coerce.number().int().min(0).max(30 * 24 * 60).default(60),
  BOT_PRIVATE_REPLY: booleanFlag.default(false),
  BOT_REPLY_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).max(4_000).default(400),
  BOT_REPLY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(12),
  META_SANDBOX: booleanFlag.default(false),
  PAYMENTS_SANDBOX: booleanFlag.default(false),
  EMAIL_CODES_IN_LOG: booleanFlag.default(false),
}).refine((env) => env.LLM_BASE_URL === undefined || env.LLM_MODEL !== undefined, {
  path: ['LLM_MODEL'],
  message: 'LLM_MODEL is required with LLM_BASE_URL (e.g. gpt-4o-mini)',
}).superRefine((env, ctx) => {
  // S3_BUCKET is the switch: set, every other S3 variable is needed (S3_FORCE_PATH_STYLE has a default).
  if (env.S3_BUCKET === undefined) return;
  for (const name of ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `is required with S3_BUCKET (files go to S3; empty S3_BUCKET keeps them under FILES_DIR)` });
  }
}).refine((env) => (env.FACEBOOK_APP_ID === undefined) === (env.FACEBOOK_APP_SECRET === undefined), {
  path: ['FACEBOOK_APP_SECRET'],
  message: 'FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are set together (both empty → the Meta sandbox)',
}).refine((env) => [env.PAYOS_CLIENT_ID, env.PAYOS_API_KEY, env.PAYOS_CHECKSUM_KEY].every((v) => v === undefined) || [env.PAYOS_CLIENT_ID, env.PAYOS_API_KEY, env.PAYOS_CHECKSUM_KEY].every((v) => v !== undefined), {
  path: ['PAYOS_CHECKSUM_KEY'],
  message: 'PAYOS_CLIENT_ID, PAYOS_API_KEY and PAYOS_CHECKSUM_KEY are set together (all empty → the sandbox payment provider)',
}).refine((env) => env.JOBS_LEASE_SECONDS === undefined || env.JOBS_LEASE_SECONDS > env.LLM_TIMEOUT_SECONDS, {
  path: ['JOBS_LEASE_SECONDS'],
  message: 'must be longer than LLM_TIMEOUT_SECONDS (a job still waiting for the model would be taken by another instance)',
}).refine((env) => !(env.NODE_ENV === 'production' && env.RATE_LIMIT_DISABLED), {
  path: ['RATE_LIMIT_DISABLED'],
  message: 'rate limits cannot be disabled with NODE_ENV=production',
}).superRefine((env, ctx) => {
  // In production a missing provider is a mistake unless the deployment says it wants the stand-in (a demo).
  if (env.NODE_ENV !== 'production') return;
  for (const rule of PRODUCTION_SANDBOX_RULES) {
    if (rule.missing(env) && !env[rule.flag]) ctx.addIssue({ code: 'custom', path: [rule.flag], message: rule.message });
  }
});

/** The names `loadConfig` reads; a test keeps `.env.example` documenting each of them. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export type {
  AppConfig,
  AuthConfig,
  BotConfig,
  EmailConfig,
  FacebookConfig,
  JobsConfig,
  LedgerConfig,
  LlmConfig,
  PaymentsConfig,
  UploadQuota,
  UploadsConfig,
} from './app-config.js';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; an invalid value throws a `ConfigError` naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // `.env` files commonly carry `NAME=` for "unset"; treat empty as absent so defaults apply.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid environment (see .env.example):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    pgliteDataDir: e.PGLITE_DATA_DIR.startsWith('memory://') ? e.PGLITE_DATA_DIR : path.resolve(REPO_ROOT, e.PGLITE_DATA_DIR),
    corsOrigins: e.CORS_ORIGINS,
    logLevel: e.LOG_LEVEL,
    publicApiUrl: (e.PUBLIC_API_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trustProxyHops: e.TRUST_PROXY,
    auth: {
      jwtSecret: e.JWT_SECRET,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
      sessionAbsoluteLifetimeSeconds: e.SESSION_ABSOLUTE_LIFETIME_SECONDS,
      refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    },
    rateLimitIpMultiplier: e.RATE_LIMIT_IP_MULTIPLIER,
    rateLimitDisabled: e.RATE_LIMIT_DISABLED,
    redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX },
    email: { smtpUrl: e.SMTP_URL, from: e.SMTP_FROM },
    shellOrigin: e.SHELL_URL ?? e.CORS_ORIGINS[0] ?? `http://localhost:${DEFAULT_PORTS.shell}`,
    facebook: {
      appId: e.FACEBOOK_APP_ID,
      appSecret: e.FACEBOOK_APP_SECRET,
      graphUrl: e.FACEBOOK_GRAPH_URL?.replace(/\/+$/, ''),
      dialogUrl: e.FACEBOOK_DIALOG_URL?.replace(/\/+$/, ''),
      webhookVerifyToken: e.FACEBOOK_WEBHOOK_VERIFY_TOKEN,
      tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY === undefined ? undefined : encryptionKeyBytes(e.TOKEN_ENCRYPTION_KEY),
    },
    ledger: {
      pricePer1000TokensVnd: e.PRICE_PER_1000_TOKENS_VND,
      dailySpendCapUserVnd: e.DAILY_SPEND_CAP_USER_VND,
      dailySpendCapPageVnd: e.DAILY_SPEND_CAP_PAGE_VND,
      lowBalanceThresholdVnd: e.LOW_BALANCE_THRESHOLD_VND,
    },
    payments: {
      payos:
        e.PAYOS_CLIENT_ID !== undefined && e.PAYOS_API_KEY !== undefined && e.PAYOS_CHECKSUM_KEY !== undefined
          ? { clientId: e.PAYOS_CLIENT_ID, apiKey: e.PAYOS_API_KEY, checksumKey: e.PAYOS_CHECKSUM_KEY }
          : undefined,
      payosApiUrl: e.PAYOS_API_URL?.replace(/\/+$/, ''),
      expiryMinutes: e.PAYMENT_EXPIRY_MINUTES,
      reconcileIntervalSeconds: e.PAYMENT_RECONCILE_INTERVAL_SECONDS,
    },
    filesDir: path.resolve(REPO_ROOT, e.FILES_DIR),
    uploads: {
      documents: { maxFiles: e.DOCUMENT_QUOTA_FILES, maxBytes: e.DOCUMENT_QUOTA_MB * MEBIBYTE },
      postImages: { maxFiles: e.POST_IMAGE_QUOTA_FILES, maxBytes: e.POST_IMAGE_QUOTA_MB * MEBIBYTE },
      perMinute: e.UPLOAD_RATE_LIMIT_PER_MINUTE,
    },
    s3:
      e.S3_BUCKET !== undefined && e.S3_ENDPOINT !== undefined && e.S3_REGION !== undefined && e.S3_ACCESS_KEY_ID !== undefined && e.S3_SECRET_ACCESS_KEY !== undefined
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    llm: {
      baseUrl: e.LLM_BASE_URL?.replace(/\/+$/, ''),
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      embeddingModel: e.LLM_EMBEDDING_MODEL,
      maxOutputTokens: e.LLM_MAX_OUTPUT_TOKENS,
      timeoutSeconds: e.LLM_TIMEOUT_SECONDS,
    },
    jobs: { pollIntervalMs: e.JOBS_POLL_INTERVAL_MS, concurrency: e.JOBS_CONCURRENCY, replyConcurrency: e.JOBS_REPLY_CONCURRENCY, leaseMs: (e.JOBS_LEASE_SECONDS ?? Math.max(300, 2 * e.LLM_TIMEOUT_SECONDS)) * 1000 },
    bot: { handoffPauseMinutes: e.BOT_HANDOFF_PAUSE_MINUTES, privateReply: e.BOT_PRIVATE_REPLY, maxOutputTokens: e.BOT_REPLY_MAX_OUTPUT_TOKENS, replyMaxAttempts: e.BOT_REPLY_MAX_ATTEMPTS },
  };
}
