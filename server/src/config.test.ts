import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, REPO_ROOT } from './config.js';

describe('loadConfig', () => {
  it('runs with nothing set: embedded PGlite under data/, API on 127.0.0.1:8080, the shell as the only origin', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 8080,
      databaseUrl: undefined,
      pgliteDataDir: path.join(REPO_ROOT, 'data', 'pglite'),
      corsOrigins: ['http://localhost:3000'],
      logLevel: 'info',
      publicApiUrl: 'http://localhost:8080',
      trustProxyHops: 0,
      auth: {
        jwtSecret: undefined,
        accessTokenTtlSeconds: 900,
        refreshTokenTtlSeconds: 14 * 24 * 3600,
        sessionAbsoluteLifetimeSeconds: 30 * 24 * 3600,
        refreshReuseGraceSeconds: 10,
      },
      rateLimitIpMultiplier: 1,
      rateLimitDisabled: false,
      email: { smtpUrl: undefined, from: 'PageMate <no-reply@pagemate.local>' },
    });
  });

  it('reads the session and email settings', () => {
    const config = loadConfig({
      JWT_SECRET: 'x'.repeat(32),
      ACCESS_TOKEN_TTL_SECONDS: '1',
      REFRESH_TOKEN_TTL_SECONDS: '60',
      SESSION_ABSOLUTE_LIFETIME_SECONDS: '120',
      REFRESH_REUSE_GRACE_SECONDS: '0',
      RATE_LIMIT_IP_MULTIPLIER: '50',
      SMTP_URL: 'smtps://user:pass@smtp.example.vn:465',
      SMTP_FROM: 'PageMate <hello@example.vn>',
    });
    expect(config.auth).toEqual({
      jwtSecret: 'x'.repeat(32),
      accessTokenTtlSeconds: 1,
      refreshTokenTtlSeconds: 60,
      sessionAbsoluteLifetimeSeconds: 120,
      refreshReuseGraceSeconds: 0,
    });
    expect(config.rateLimitIpMultiplier).toBe(50);
    expect(config.email).toEqual({ smtpUrl: 'smtps://user:pass@smtp.example.vn:465', from: 'PageMate <hello@example.vn>' });
  });

  it('reads every variable it knows and treats empty ones as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://app@db:5432/pagemate',
      CORS_ORIGINS: ' https://app.example.vn , http://localhost:3000/ ',
      PUBLIC_API_URL: 'https://api.example.vn/',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      PGLITE_DATA_DIR: '',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://app@db:5432/pagemate',
      corsOrigins: ['https://app.example.vn', 'http://localhost:3000'],
      publicApiUrl: 'https://api.example.vn',
      logLevel: 'warn',
      trustProxyHops: 1,
      pgliteDataDir: path.join(REPO_ROOT, 'data', 'pglite'),
    });
  });

  it('resolves a relative PGLITE_DATA_DIR from the repository root, not the working directory', () => {
    expect(loadConfig({ PGLITE_DATA_DIR: 'tmp/db' }).pgliteDataDir).toBe(path.join(REPO_ROOT, 'tmp', 'db'));
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory://' }).pgliteDataDir).toBe('memory://');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['CORS_ORIGINS', 'localhost:3000'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '11'],
    ['NODE_ENV', 'staging'],
    ['JWT_SECRET', 'too-short'],
    ['ACCESS_TOKEN_TTL_SECONDS', '0'],
    ['REFRESH_REUSE_GRACE_SECONDS', '-1'],
    ['SMTP_URL', 'http://mail.example.vn'],
  ])('rejects %s=%s with an error naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});

describe('RATE_LIMIT_DISABLED', () => {
  it('is for test runs: accepted in development, refused in production', () => {
    expect(loadConfig({ RATE_LIMIT_DISABLED: '1' }).rateLimitDisabled).toBe(true);
    expect(() => loadConfig({ RATE_LIMIT_DISABLED: 'true', NODE_ENV: 'production' })).toThrow(/RATE_LIMIT_DISABLED/);
  });
});

describe('sandboxes in production', () => {
  const facebook = { FACEBOOK_APP_ID: '1234567890', FACEBOOK_APP_SECRET: 'ab12'.repeat(8) };
  const payos = { PAYOS_CLIENT_ID: 'client-id-1', PAYOS_API_KEY: 'api-key-123', PAYOS_CHECKSUM_KEY: 'checksum-key-0123456789' };
  const smtp = { SMTP_URL: 'smtp://mail.example.vn:587' };
  const production = { NODE_ENV: 'production', ...facebook, ...payos, ...smtp };
  const without = (names: readonly string[]) => Object.fromEntries(Object.entries(production).filter(([name]) => !names.includes(name)));

  it.each([
    ['META_SANDBOX', ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'], /FACEBOOK_APP_ID/],
    ['PAYMENTS_SANDBOX', ['PAYOS_CLIENT_ID', 'PAYOS_API_KEY', 'PAYOS_CHECKSUM_KEY'], /PAYOS_CLIENT_ID/],
    ['EMAIL_CODES_IN_LOG', ['SMTP_URL'], /SMTP_URL/],
  ] as const)('refuses to start without the provider unless %s=true, naming both variables', (flag, missing, provider) => {
    expect(() => loadConfig(without(missing))).toThrow(ConfigError);
    expect(() => loadConfig(without(missing))).toThrow(new RegExp(`${flag}: .*${provider.source}.*${flag}=true`));
    expect(() => loadConfig({ ...without(missing), [flag]: 'false' })).toThrow(new RegExp(flag));
    expect(() => loadConfig({ ...without(missing), [flag]: 'true' })).not.toThrow();
  });

  it('starts with every provider configured, and names each missing one at once', () => {
    expect(loadConfig(production).env).toBe('production');
    const bare = () => loadConfig({ NODE_ENV: 'production' });
    for (const flag of ['META_SANDBOX', 'PAYMENTS_SANDBOX', 'EMAIL_CODES_IN_LOG']) expect(bare).toThrow(new RegExp(flag));
    expect(loadConfig({ NODE_ENV: 'production', META_SANDBOX: 'true', PAYMENTS_SANDBOX: '1', EMAIL_CODES_IN_LOG: 'true' }).facebook.appId).toBeUndefined();
  });

  it('changes nothing outside production: development and test start on the sandboxes without a flag', () => {
    expect(() => loadConfig({ NODE_ENV: 'development' })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'test' })).not.toThrow();
    expect(() => loadConfig({})).not.toThrow();
  });
});

describe('JOBS_LEASE_SECONDS', () => {
  it('is 5 minutes by default (twice a longer model timeout), settable in seconds, and must outlast a model call', () => {
    expect(loadConfig({}).jobs.leaseMs).toBe(300_000);
    expect(loadConfig({ LLM_TIMEOUT_SECONDS: '600' }).jobs.leaseMs).toBe(1_200_000);
    expect(loadConfig({ JOBS_LEASE_SECONDS: '20', LLM_TIMEOUT_SECONDS: '5' }).jobs.leaseMs).toBe(20_000);
    expect(() => loadConfig({ JOBS_LEASE_SECONDS: '5' })).toThrow(/JOBS_LEASE_SECONDS/);
    expect(() => loadConfig({ JOBS_LEASE_SECONDS: '60' })).toThrow(/JOBS_LEASE_SECONDS: must be longer than LLM_TIMEOUT_SECONDS/);
  });
});

describe('TRUST_PROXY', () => {
  it('counts the proxies in front: true is one, false none, or a number up to 10', () => {
    expect(loadConfig({}).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY: must be true, false or a number of proxies from 0 to 10/);
  });
});

describe('BOT_REPLY_MAX_ATTEMPTS', () => {
  it('is 12 tries by default (about an hour of backoff), settable from 1 to 20', () => {
    expect(loadConfig({}).bot.replyMaxAttempts).toBe(12);
    expect(loadConfig({ BOT_REPLY_MAX_ATTEMPTS: '5' }).bot.replyMaxAttempts).toBe(5);
    expect(() => loadConfig({ BOT_REPLY_MAX_ATTEMPTS: '0' })).toThrow(/BOT_REPLY_MAX_ATTEMPTS/);
    expect(() => loadConfig({ BOT_REPLY_MAX_ATTEMPTS: '21' })).toThrow(/BOT_REPLY_MAX_ATTEMPTS/);
  });
});

describe('.env.example', () => {
  const example = parseEnv(readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8'));

  it('documents every variable the server reads', () => {
    expect(Object.keys(example)).toEqual(expect.arrayContaining(CONFIG_VARIABLES));
  });

  it('is a valid configuration as it stands, so copying it to .env just works', () => {
    expect(loadConfig(example).databaseUrl).toBeUndefined();
  });
});

describe('loadConfig: Facebook', () => {
  it('defaults to the sandbox (no app), the shell origin from CORS_ORIGINS, no fixed token key', () => {
    const config = loadConfig({ CORS_ORIGINS: 'https://app.example.vn,http://localhost:3000' });
    expect(config.facebook).toMatchObject({ appId: undefined, appSecret: undefined, graphUrl: undefined, tokenEncryptionKey: undefined });
    expect(config.shellOrigin).toBe('https://app.example.vn');
    expect(loadConfig({ SHELL_URL: 'https://shell.example.vn/' }).shellOrigin).toBe('https://shell.example.vn');
  });

  it('wants the app id and secret together, and a 32-byte token key', () => {
    expect(() => loadConfig({ FACEBOOK_APP_ID: '123456' })).toThrow(/FACEBOOK_APP_SECRET/);
    expect(() => loadConfig({ TOKEN_ENCRYPTION_KEY: 'short' })).toThrow(/TOKEN_ENCRYPTION_KEY/);
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ TOKEN_ENCRYPTION_KEY: key.toString('base64') }).facebook.tokenEncryptionKey).toEqual(key);
    expect(loadConfig({ TOKEN_ENCRYPTION_KEY: key.toString('hex') }).facebook.tokenEncryptionKey).toEqual(key);
    const both = loadConfig({ FACEBOOK_APP_ID: '123456', FACEBOOK_APP_SECRET: 'a'.repeat(32), FACEBOOK_GRAPH_URL: 'https://graph.example/' });
    expect(both.facebook).toMatchObject({ appId: '123456', appSecret: 'a'.repeat(32), graphUrl: 'https://graph.example' });
  });
});

describe('loadConfig: file storage', () => {
  const s3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_REGION: 'us-east-1',
    S3_BUCKET: 'pagemate-files',
    S3_ACCESS_KEY_ID: 'minioadmin',
    S3_SECRET_ACCESS_KEY: 'minio-secret-key',
  };

  it('keeps files under FILES_DIR while S3_BUCKET is empty, whatever else S3_* says', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ ...s3, S3_BUCKET: '' }).s3).toBeUndefined();
    expect(loadConfig({ FILES_DIR: '/srv/pagemate/files' }).filesDir).toBe('/srv/pagemate/files');
  });

  it('uses the bucket when S3_BUCKET is set, path style on request', () => {
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'pagemate-files',
      accessKeyId: 'minioadmin',
      secretAccessKey: 'minio-secret-key',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
  });

  it('names each variable missing beside S3_BUCKET, and refuses a bad bucket or endpoint', () => {
    for (const name of ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      const without = { ...s3, [name]: '' };
      expect(() => loadConfig(without)).toThrow(new RegExp(`${name}: is required with S3_BUCKET`));
    }
    expect(() => loadConfig({ S3_BUCKET: 'pagemate-files' })).toThrow(/S3_ENDPOINT[\s\S]*S3_REGION[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'https://key:secret@s3.example.com' })).toThrow(/S3_ENDPOINT/);
    // The error names the variable, never a secret's value.
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: '' })).not.toThrow(/minio-secret-key/);
  });
});
