import { endpointPathOf, type CollectionFile } from '@pagemate/shared-contracts';
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export interface Call {
  method: string;
  path: string;
  params: Record<string, unknown>;
  body: unknown;
}

type Handler = (call: Call) => unknown;

export class FakeApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message = code,
  ) {
    super(message);
  }
}

/**
 * A fake API behind the shared axios client: each handler answers one endpoint path with the envelope's
 * `data`; a handler that throws `FakeApiError` answers with that error body; unknown paths are 404.
 * Multipart bodies stay `FormData` so a test can read their fields.
 */
export function fakeChatbotApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const ok = (config: InternalAxiosRequestConfig, data: unknown): AxiosResponse =>
    ({ data: { status: 200, data }, status: 200, statusText: 'OK', headers: {}, config }) as AxiosResponse;
  const fail = (config: InternalAxiosRequestConfig, status: number, code: string, message: string): never => {
    const response = { data: { status, code, message }, status, statusText: code, headers: {}, config } as AxiosResponse;
    throw new AxiosError(code, 'ERR_BAD_REQUEST', config, null, response);
  };
  const adapter: AxiosAdapter = async (config) => {
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      path: endpointPathOf(config.url, config.baseURL),
      params: (config.params ?? {}) as Record<string, unknown>,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    calls.push(call);
    const handler = handlers[call.path];
    if (!handler) return fail(config, 404, 'NOT_FOUND', 'no route');
    try {
      return ok(config, handler(call));
    } catch (error) {
      if (error instanceof FakeApiError) return fail(config, error.status, error.code, error.message);
      throw error;
    }
  };
  return { adapter, calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

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
