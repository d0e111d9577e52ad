import { createHash, createHmac } from 'node:crypto';
import { assertStoredName, FileNotFoundError, type FileStorage } from './file-storage.js';

/** Where and as whom objects are stored: the `S3_*` variables (see `.env.example`). */
export interface S3Config {
  /** Base URL of the service, e.g. https://s3.ap-southeast-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`, MinIO and most self-hosted stores) instead of the host name. */
  forcePathStyle: boolean;
}

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3FileStorageOptions {
  /** One request (PUT, GET or DELETE) taking longer than this is abandoned. */
  timeoutMs?: number;
  /** Outbound HTTP; the global `fetch` by default. */
  fetch?: typeof fetch;
  /** The signing time; tests pin it. */
  now?: () => Date;
}

/** An object store refused or failed a request. The message names the operation and S3's error code, never a key. */
export class S3StorageError extends Error {
  override name = 'S3StorageError';
  constructor(
    message: string,
    /** HTTP status of S3's answer; undefined when there was none (timeout, network). */
    readonly status?: number,
    /** S3's error code (`SignatureDoesNotMatch`, `NoSuchBucket`, …) when it sent one. */
    readonly code?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const DEFAULT_TIMEOUT_MS = 30_000;
const ALGORITHM = 'AWS4-HMAC-SHA256';
const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** SHA-256 of an empty body: what GET and DELETE send as `x-amz-content-sha256`. */
export const EMPTY_PAYLOAD_SHA256 = sha256Hex('');

/** RFC 3986 percent-encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ (`encodeURIComponent` leaves !'()* alone). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `20130524T000000Z`: the form of `x-amz-date`. */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export interface SignatureInput {
  method: string;
  url: URL;
  /** Every header to sign (names in any case), `host` included; the signature covers exactly these. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (the value of `x-amz-content-sha256`). */
  payloadHash: string;
  credentials: S3Credentials;
  region: string;
  /** `x-amz-date` of the request. */
  amzDate: string;
  service?: string;
}

export interface Signature {
  canonicalRequest: string;
  stringToSign: string;
  signedHeaders: string;
  signature: string;
  /** The `Authorization` header value. */
  authorization: string;
}

/**
 * AWS Signature Version 4 over the request's method, path, query and the given headers (S3 flavour: the path
 * is encoded once, not twice). Pure: the same input always gives the same signature, which is what lets a test
 * check it against AWS's published examples and a fake server verify what the adapter sends.
 */
export function signatureV4(input: SignatureInput): Signature {
  const service = input.service ?? 's3';
  const date = input.amzDate.slice(0, 8);
  const canonicalUri = input.url.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...input.url.searchParams.entries()]
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const headers = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => compare(a, b));
  const canonicalHeaders = headers.map(([name, value]) => `${name}:${value}\n`).join('');
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = [input.method.toUpperCase(), canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  const scope = `${date}/${input.region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, input.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, date), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return {
    canonicalRequest,
    stringToSign,
    signedHeaders,
    signature,
    authorization: `${ALGORITHM} Credential=${input.credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}

/** Code-point order, as SigV4 sorts (not the locale's). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The `<Code>` of an S3 error document, if the body is one. */
function errorCodeOf(body: string): string | undefined {
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(body)?.[1];
}

type Operation = 'PUT' | 'GET' | 'DELETE';

/**
 * Objects in one bucket of an S3-compatible store (AWS S3, MinIO, Cloudflare R2, …), one object per stored name,
 * so every instance configured with the same bucket reads every instance's uploads. Requests are signed with
 * SigV4 by hand over `fetch` (no SDK); an object is sent in one PUT (ours are at most a few tens of MiB), which
 * S3 makes visible all at once, never half-written. A name that is not one of ours is refused before any request.
 */
export class S3FileStorage implements FileStorage {
  private readonly base: URL;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;

  constructor(
    private readonly config: S3Config,
    options: S3FileStorageOptions = {},
  ) {
    const endpoint = new URL(config.endpoint);
    if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') throw new Error('S3 endpoint must be an http(s) URL');
    if (endpoint.username || endpoint.password || endpoint.search || endpoint.hash) {
      throw new Error('S3 endpoint must be a plain base URL (no credentials, query or fragment)');
    }
    const basePath = endpoint.pathname.replace(/\/+$/, '');
    this.base = config.forcePathStyle
      ? new URL(`${endpoint.origin}${basePath}/${uriEncode(config.bucket)}/`)
      : new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}${basePath}/`);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? (() => new Date());
  }

  /** Where the objects are, for the startup log: no credentials in it. */
  describe(): string {
    return `bucket ${this.config.bucket} at ${this.base.origin} (${this.config.forcePathStyle ? 'path' : 'virtual-hosted'} style, region ${this.config.region})`;
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    const response = await this.send('PUT', name, bytes);
    await this.expectOk('PUT', response);
  }

  async get(name: string): Promise<Buffer> {
    const response = await this.send('GET', name);
    if (response.status === 404) {
      await response.body?.cancel();
      throw new FileNotFoundError(`stored file ${name} not found`);
    }
    await this.expectOk('GET', response, true);
    try {
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw this.failure('GET', error);
    }
  }

  async delete(name: string): Promise<void> {
    const response = await this.send('DELETE', name);
    // S3 answers 204 whether or not the object existed; some compatible stores say 404 for a missing one.
    if (response.status === 404) {
      await response.body?.cancel();
      return;
    }
    await this.expectOk('DELETE', response);
  }

  private async send(method: Operation, name: string, body?: Uint8Array): Promise<Response> {
    assertStoredName(name);
    const url = new URL(name, this.base);
    const payloadHash = body ? sha256Hex(body) : EMPTY_PAYLOAD_SHA256;
    const date = amzDate(this.now());
    const signed: Record<string, string> = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': date };
    const { authorization } = signatureV4({
      method,
      url,
      headers: signed,
      payloadHash,
      credentials: { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey },
      region: this.config.region,
      amzDate: date,
    });
    // `host` is what fetch sends from the URL itself; the signature covers it all the same.
    const headers: Record<string, string> = { 'x-amz-content-sha256': payloadHash, 'x-amz-date': date, authorization };
    if (body) headers['content-type'] = 'application/octet-stream';
    try {
      return await this.fetch(url, {
        method,
        headers,
        // A copy on its own ArrayBuffer: what every fetch typing (Node's and the DOM's) accepts as a body.
        ...(body ? { body: new Uint8Array(body) } : {}),
        // A redirect means the wrong region or endpoint: say so rather than follow it unsigned.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw this.failure(method, error);
    }
  }

  private async expectOk(method: Operation, response: Response, keepBody = false): Promise<void> {
    if (response.status >= 200 && response.status < 300) {
      if (!keepBody) await response.body?.cancel();
      return;
    }
    // S3's error document may echo the canonical request and the access key id: only its code is kept.
    const code = errorCodeOf(await response.text().catch(() => ''));
    const hint =
      code === 'SignatureDoesNotMatch' || code === 'InvalidAccessKeyId'
        ? ' (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
        : code === 'NoSuchBucket'
          ? ' (check S3_BUCKET)'
          : response.status >= 300 && response.status < 400
            ? ' (check S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE)'
            : '';
    throw new S3StorageError(
      `S3 ${method} in bucket ${this.config.bucket} failed: HTTP ${response.status}${code ? ` ${code}` : ''}${hint}`,
      response.status,
      code,
    );
  }

  private failure(method: Operation, error: unknown): S3StorageError {
    const reason =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        ? `no answer within ${this.timeoutMs} ms`
        : `${this.base.origin} unreachable (${networkCodeOf(error) ?? (error instanceof Error ? error.message : 'unknown error')})`;
    return new S3StorageError(`S3 ${method} in bucket ${this.config.bucket} failed: ${reason}`, undefined, undefined, { cause: error });
  }
}

/** `ECONNREFUSED`, `ENOTFOUND`…: undici hides the system error under `cause`. */
function networkCodeOf(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
