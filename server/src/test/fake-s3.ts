import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

/**
 * A tiny S3 in the test process: path-style PUT / GET / DELETE of `/<bucket>/<key>` on 127.0.0.1, objects in
 * a Map. Like S3 it checks every request's SigV4 signature by recomputing it with its own copy of the secret
 * (with aws4fetch's signer, which s3-file-storage.test.ts holds to AWS's published examples),
 * and the body against `x-amz-content-sha256`, so a request signed wrongly (or with the wrong secret) is
 * refused with S3's 403 `SignatureDoesNotMatch` document.
 */
export interface FakeS3 {
  /** The endpoint (S3_ENDPOINT), e.g. http://127.0.0.1:40123. */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The stored objects by key. */
  objects: Map<string, Buffer>;
  /** Every request received, in order, with the answer given. */
  requests: { method: string; path: string; status: number }[];
  /** While true, requests are received but never answered (timeouts). */
  stalled: boolean;
  /** The `S3_*` environment of an app using this store. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeS3(options: { bucket?: string; region?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'pagemate-test';
  const region = options.region ?? 'ap-southeast-1';
  const accessKeyId = 'AKIAFAKES3TEST000001';
  const secretAccessKey = 'fake/s3+secret/key/for/tests/only/0123456789';
  const objects = new Map<string, Buffer>();
  const requests: FakeS3['requests'] = [];

  const answer = (request: IncomingMessage, response: ServerResponse, status: number, body?: Buffer | string) => {
    requests.push({ method: request.method ?? '', path: request.url ?? '', status });
    if (typeof body === 'string') response.setHeader('content-type', 'application/xml');
    response.writeHead(status).end(body);
  };
  const error = (code: string, message: string, extra = '') =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>${extra}</Error>`;

  /** The refusal S3 would give, or undefined when the signature and payload hash are right. */
  const refusal = async (request: IncomingMessage, body: Buffer): Promise<{ status: number; code: string; detail?: string } | undefined> => {
    const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? '',
    );
    if (!match) return { status: 403, code: 'AccessDenied' };
    const [, keyId, date, scopeRegion, signedHeaders = '', signature] = match;
    if (keyId !== accessKeyId) return { status: 403, code: 'InvalidAccessKeyId' };
    if (scopeRegion !== region) return { status: 400, code: 'AuthorizationHeaderMalformed' };
    const amzDate = String(request.headers['x-amz-date'] ?? '');
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    const names = signedHeaders.split(';');
    if (!amzDate.startsWith(date ?? '-') || !['host', 'x-amz-date', 'x-amz-content-sha256'].every((name) => names.includes(name))) {
      return { status: 403, code: 'AccessDenied' };
    }
    if (payloadHash !== createHash('sha256').update(body).digest('hex')) return { status: 400, code: 'XAmzContentSHA256Mismatch' };
    const signer = new AwsV4Signer({
      method: request.method ?? '',
      url: new URL(request.url ?? '/', `http://${request.headers.host ?? ''}`).toString(),
      headers: Object.fromEntries(names.filter((name) => name !== 'host').map((name) => [name, String(request.headers[name] ?? '')])),
      accessKeyId,
      secretAccessKey,
      service: 's3',
      region,
      datetime: amzDate,
      allHeaders: true,
    });
    const expected = { signature: await signer.signature(), stringToSign: await signer.stringToSign() };
    // Real S3 echoes what it signed; the adapter must not pass this on.
    if (expected.signature !== signature) return { status: 403, code: 'SignatureDoesNotMatch', detail: `<StringToSign>${expected.stringToSign}</StringToSign><AWSAccessKeyId>${keyId}</AWSAccessKeyId>` };
    return undefined;
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (fake.stalled) return;
      const body = Buffer.concat(chunks);
      const refused = await refusal(request, body);
      if (refused) {
        answer(request, response, refused.status, error(refused.code, 'Refused by the fake S3.', refused.detail));
        return;
      }
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      if (!path.startsWith(`/${bucket}/`) || path.length === bucket.length + 2) {
        answer(request, response, 404, error('NoSuchBucket', 'The specified bucket does not exist'));
        return;
      }
      const key = decodeURIComponent(path.slice(bucket.length + 2));
      switch (request.method) {
        case 'PUT':
          objects.set(key, body);
          answer(request, response, 200);
          return;
        case 'GET': {
          const object = objects.get(key);
          if (object) answer(request, response, 200, object);
          else answer(request, response, 404, error('NoSuchKey', 'The specified key does not exist.'));
          return;
        }
        case 'DELETE':
          objects.delete(key);
          answer(request, response, 204);
          return;
        default:
          answer(request, response, 405, error('MethodNotAllowed', 'The specified method is not allowed.'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeS3 = {
    url,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    stalled: false,
    env: {
      S3_ENDPOINT: url,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((closeError) => (closeError ? reject(closeError) : resolve()));
      }),
  };
  return fake;
}
