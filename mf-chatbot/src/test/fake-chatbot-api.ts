export { FakeApiError, fakeApi as fakeChatbotApi, type Call } from '@pagemate/shared-contracts/testing';
import type { CollectionFile } from '@pagemate/shared-contracts';





export function aFile(overrides: Partial<CollectionFile> = {}): CollectionFile {
  return {
    file_id: 'f1',
    collection_name: 'Cửa hàng',
    file_name: 'bang-gia.xlsx',
    language: 'vi',
    size_bytes: 12_345,
    category: 'Xlsx',
    date_modified: '2025-03-04T02:05:00Z',
    index_status: 'ready',
    chunk_count: 12,
    ...overrides,
  };
}

/** A `fetch` answer whose body the test feeds chunk by chunk (or an error answer before any streaming). */
export function controllableStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: { ok: true, status: 200, statusText: 'OK', body, json: async () => ({}) } as unknown as Response,
    /** Sends one event as a `data:` line. */
    event(event: object) {
      controller?.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
    },
    close() {
      controller?.close();
    },
  };
}

export function errorResponse(status: number, code: string, message: string): Response {
  return { ok: false, status, statusText: code, body: null, json: async () => ({ status, code, message }) } as unknown as Response;
}
