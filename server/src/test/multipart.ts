import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A multipart/form-data body as a browser's FormData sends it: the fields, then the file. */
export function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const boundary = `----pagemate${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The `data` of a 200 envelope (the body is printed when the status is not 200). */
export const dataOf = <T>(response: LightMyRequestResponse): T => {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
};
