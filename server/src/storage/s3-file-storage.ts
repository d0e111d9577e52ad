import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
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
const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 percent-encoding of one path segment (`encodeURIComponent` leaves !'()* alone). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `20130524T000000Z`: the form of `x-amz-date`. */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The `<Code>` of an S3 error document, if the body is one. */
function errorCodeOf(body: string): string | undefined {
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(body)?.[1];
}

type Operation = 'PUT' | 'GET' | 'DELETE';

/**
 * Objects in one bucket of an S3-compatible store (AWS S3, MinIO, Cloudflare R2, …), one object per stored name,
 * so every instance configured with the same bucket reads every instance's uploads. Requests are signed with
 * AWS Signature V4 by `aws4fetch` (the body's SHA-256 signed too, so the store checks it arrived whole) and sent
 * with `fetch` under our timeout, without the library's retries; an object is sent in one PUT (ours are at most
 * a few tens of MiB), which S3 makes visible all at once, never half-written. A name that is not one of ours is
 * refused before any request.
 */
export class S3FileStorage implements FileStorage {
  private readonly base: URL;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;
  private readonly signer: AwsClient;

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
    // `service` and `region` given, not guessed from the host name (a MinIO or R2 endpoint names neither).
    this.signer = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, service: 's3', region: config.region, retries: 0 });
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
    const headers: Record<string, string> = { 'x-amz-content-sha256': sha256Hex(body ?? new Uint8Array()) };
    if (body) headers['content-type'] = 'application/octet-stream';
    try {
      const signed = await this.signer.sign(url, {
        method,
        headers,
        // A copy on its own ArrayBuffer: what every fetch typing (Node's and the DOM's) accepts as a body.
        ...(body ? { body: new Uint8Array(body) } : {}),
        aws: { datetime: amzDate(this.now()) },
      });
      // A redirect means the wrong region or endpoint: say so rather than follow it unsigned.
      return await this.fetch(signed, { redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
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
