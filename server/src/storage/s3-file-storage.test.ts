import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../test/fake-s3.js';
import { FileNotFoundError, newStoredName } from './file-storage.js';
import { amzDate, type S3Config, S3FileStorage, S3StorageError } from './s3-file-storage.js';

/** The credentials and instant of AWS's published SigV4 examples for S3 ("Signature Calculations for the Authorization Header"). */
const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  service: 's3',
  region: 'us-east-1',
  datetime: '20130524T000000Z',
};
const HOST = 'examplebucket.s3.amazonaws.com';
const EMPTY_PAYLOAD_SHA256 = createHash('sha256').update('').digest('hex');

/** The signer S3FileStorage signs with (and the fake S3 checks with), held to the examples of the S3 documentation. */
describe('aws4fetch signs the examples of the S3 documentation', () => {
  it('GET object with a Range header', async () => {
    const signer = new AwsV4Signer({
      ...AWS_EXAMPLE,
      method: 'GET',
      url: `https://${HOST}/test.txt`,
      headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_PAYLOAD_SHA256 },
      // aws4fetch leaves Range unsigned by default; the example signs it.
      allHeaders: true,
    });
    expect(await signer.canonicalString()).toBe(
      [
        'GET',
        '/test.txt',
        '',
        `host:${HOST}`,
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_PAYLOAD_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_PAYLOAD_SHA256,
      ].join('\n'),
    );
    expect(await signer.authHeader()).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT object: the body hash and a key with `$` (encoded %24)', async () => {
    const payloadHash = createHash('sha256').update('Welcome to Amazon S3.').digest('hex');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signer = new AwsV4Signer({
      ...AWS_EXAMPLE,
      method: 'PUT',
      url: `https://${HOST}/test$file.text`,
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-content-sha256': payloadHash, 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
    });
    expect(await signer.canonicalString()).toMatch(/^PUT\n\/test%24file\.text\n\n/);
    expect(await signer.signature()).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('GET bucket (list objects): the query sorted and encoded', async () => {
    const signer = new AwsV4Signer({ ...AWS_EXAMPLE, method: 'GET', url: `https://${HOST}/?max-keys=2&prefix=J`, headers: { 'x-amz-content-sha256': EMPTY_PAYLOAD_SHA256 } });
    expect(await signer.signature()).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('dates in the x-amz-date form', () => {
    expect(amzDate(new Date('2013-05-24T00:00:00.123Z'))).toBe('20130524T000000Z');
  });
});

describe('S3FileStorage against a fake S3 that checks signatures', () => {
  let s3: FakeS3;
  let config: S3Config;
  beforeAll(async () => {
    s3 = await startFakeS3();
    config = {
      endpoint: s3.url,
      region: s3.region,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    };
  });
  afterAll(() => s3?.close());
  afterEach(() => {
    s3.stalled = false;
  });

  it('puts, gets and deletes an object under the stored name', async () => {
    const storage = new S3FileStorage(config);
    const name = newStoredName();
    const bytes = Buffer.from('Bảng giá mùa hè: áo thun 150.000 đồng');
    await storage.put(name, bytes);
    expect(s3.objects.get(name)).toEqual(bytes);
    expect(await storage.get(name)).toEqual(bytes);

    const replacement = Buffer.alloc(1024 * 1024, 7);
    await storage.put(name, replacement);
    expect((await storage.get(name)).equals(replacement)).toBe(true);

    await storage.delete(name);
    expect(s3.objects.has(name)).toBe(false);
    await expect(storage.get(name)).rejects.toBeInstanceOf(FileNotFoundError);
    await storage.delete(name);
    expect(s3.requests.filter((request) => request.path === `/${s3.bucket}/${name}`).map((request) => `${request.method} ${request.status}`)).toEqual([
      'PUT 200',
      'GET 200',
      'PUT 200',
      'GET 200',
      'DELETE 204',
      'GET 404',
      'DELETE 204',
    ]);
  });

  it('a missing object is FileNotFoundError', async () => {
    await expect(new S3FileStorage(config).get(newStoredName())).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('an empty object round-trips', async () => {
    const storage = new S3FileStorage(config);
    const name = newStoredName();
    await storage.put(name, new Uint8Array());
    expect(await storage.get(name)).toEqual(Buffer.alloc(0));
  });

  it('a wrong secret is refused by the store with a clear error that shows no secret', async () => {
    const wrongSecret = 'not-the-right-secret-0123456789abcdef';
    const storage = new S3FileStorage({ ...config, secretAccessKey: wrongSecret });
    const failure = await storage.put(newStoredName(), Buffer.from('x')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(S3StorageError);
    const { message, status, code } = failure as S3StorageError;
    expect({ status, code }).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(message).toMatch(/^S3 PUT in bucket pagemate-test failed: HTTP 403 SignatureDoesNotMatch \(check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY\)$/);
    for (const secret of [wrongSecret, s3.secretAccessKey, s3.accessKeyId]) expect(message).not.toContain(secret);
    await expect(storage.get(newStoredName())).rejects.toMatchObject({ name: 'S3StorageError', code: 'SignatureDoesNotMatch' });

    const wrongKey = new S3FileStorage({ ...config, accessKeyId: 'AKIAWRONGWRONGWRONG0' });
    await expect(wrongKey.delete(newStoredName())).rejects.toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
  });

  it('a wrong bucket or region says which variable to check', async () => {
    await expect(new S3FileStorage({ ...config, bucket: 'no-such-bucket' }).put(newStoredName(), Buffer.from('x'))).rejects.toThrow(
      /HTTP 404 NoSuchBucket \(check S3_BUCKET\)/,
    );
    await expect(new S3FileStorage({ ...config, region: 'eu-west-1' }).get(newStoredName())).rejects.toThrow(/HTTP 400 AuthorizationHeaderMalformed/);
  });

  it('refuses a name that is not ours before any request', async () => {
    const storage = new S3FileStorage(config);
    const before = s3.requests.length;
    for (const name of ['../etc/passwd', 'a/b', '', 'ABCDEF00-0000-4000-8000-000000000000', `${newStoredName()}?x=1`]) {
      await expect(storage.put(name, Buffer.from('x')), name).rejects.toThrow(/not a stored file name/);
      await expect(storage.get(name), name).rejects.toThrow(/not a stored file name/);
      await expect(storage.delete(name), name).rejects.toThrow(/not a stored file name/);
    }
    expect(s3.requests.length).toBe(before);
  });

  it('gives up after the timeout, and says when the endpoint is unreachable', async () => {
    s3.stalled = true;
    await expect(new S3FileStorage(config, { timeoutMs: 100 }).get(newStoredName())).rejects.toThrow(
      /^S3 GET in bucket pagemate-test failed: no answer within 100 ms$/,
    );
    s3.stalled = false;
    const closed = await startFakeS3();
    await closed.close();
    const failure = await new S3FileStorage({ ...config, endpoint: closed.url }).put(newStoredName(), Buffer.from('x')).catch((error: unknown) => error);
    expect((failure as Error).message).toBe(`S3 PUT in bucket pagemate-test failed: ${closed.url} unreachable (ECONNREFUSED)`);
  });

  it('virtual-hosted style puts the bucket in the host name; path style in the path', async () => {
    const seen: { url: string; headers: Headers }[] = [];
    const recording: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      seen.push({ url: request.url, headers: request.headers });
      return Promise.resolve(new Response(null, { status: 200 }));
    };
    const name = newStoredName();
    const virtual = new S3FileStorage(
      { ...config, endpoint: 'https://s3.ap-southeast-1.amazonaws.com', bucket: 'pagemate-files', forcePathStyle: false },
      { fetch: recording },
    );
    await virtual.put(name, Buffer.from('x'));
    const pathStyle = new S3FileStorage({ ...config, endpoint: 'https://minio.internal:9000/', bucket: 'pagemate-files' }, { fetch: recording });
    await pathStyle.delete(name);
    expect(seen.map((request) => request.url)).toEqual([
      `https://pagemate-files.s3.ap-southeast-1.amazonaws.com/${name}`,
      `https://minio.internal:9000/pagemate-files/${name}`,
    ]);
    expect(seen[0]?.headers.get('authorization')).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAFAKES3TEST000001\/\d{8}\/ap-southeast-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(seen[0]?.headers.get('x-amz-content-sha256')).toBe(createHash('sha256').update('x').digest('hex'));
    expect(seen[1]?.headers.get('x-amz-content-sha256')).toBe(EMPTY_PAYLOAD_SHA256);
  });

  it('MinIO-style path addressing: a dotted bucket under the endpoint, its default region, every request signed', async () => {
    // MinIO (and most self-hosted stores) serve `endpoint/bucket/key`; a bucket name with dots cannot be a
    // host name under TLS, so path style is the only way to reach it.
    const minio = await startFakeS3({ bucket: 'pagemate.files', region: 'us-east-1' });
    try {
      const storage = new S3FileStorage({
        endpoint: `${minio.url}/`,
        region: minio.region,
        bucket: minio.bucket,
        accessKeyId: minio.accessKeyId,
        secretAccessKey: minio.secretAccessKey,
        forcePathStyle: true,
      });
      expect(storage.describe()).toBe(`bucket pagemate.files at ${minio.url} (path style, region us-east-1)`);
      const name = newStoredName();
      await storage.put(name, Buffer.from('Ảnh sản phẩm'));
      expect((await storage.get(name)).toString()).toBe('Ảnh sản phẩm');
      await storage.delete(name);
      await expect(storage.get(name)).rejects.toBeInstanceOf(FileNotFoundError);
      expect(minio.requests.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
        `PUT /pagemate.files/${name} 200`,
        `GET /pagemate.files/${name} 200`,
        `DELETE /pagemate.files/${name} 204`,
        `GET /pagemate.files/${name} 404`,
      ]);
      // The same store refuses a client signing for another region (MinIO checks the scope as S3 does).
      await expect(new S3FileStorage({ ...config, endpoint: minio.url, bucket: minio.bucket, region: 'ap-southeast-1' }).get(name)).rejects.toMatchObject({ status: 400 });
    } finally {
      await minio.close();
    }
  });

  it('refuses an endpoint carrying credentials', () => {
    expect(() => new S3FileStorage({ ...config, endpoint: 'https://user:pass@s3.example.com' })).toThrow(/plain base URL/);
  });
});
