import { AxiosError, type AxiosAdapter, type AxiosProgressEvent, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { endpointPathOf } from '../api/client.js';

export interface Call {
  method: string;
  path: string;
  params: Record<string, unknown>;
  body: unknown;
  /** Reports upload progress to the caller (multipart uploads), as the browser would while sending. */
  progress(loaded: number, total: number): void;
}

/** Answers a call; may wait (a promise), to let a test look at the screen while the call is under way. */
type Handler = (call: Call) => unknown;

export class FakeApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message = code,
    /** Field issues of a refused body, as the server's validation sends them. */
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

/**
 * A fake API behind the shared axios client: each handler answers one endpoint path with the envelope's
 * `data`; a handler that throws `FakeApiError` answers with that error body; unknown paths are 404.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const ok = (config: InternalAxiosRequestConfig, data: unknown): AxiosResponse =>
    ({ data: { status: 200, data }, status: 200, statusText: 'OK', headers: {}, config }) as AxiosResponse;
  const fail = (config: InternalAxiosRequestConfig, status: number, code: string, message: string, issues?: FakeApiError['issues']): never => {
    const response = { data: { status, code, message, ...(issues ? { issues } : {}) }, status, statusText: code, headers: {}, config } as AxiosResponse;
    throw new AxiosError(code, 'ERR_BAD_REQUEST', config, null, response);
  };
  const adapter: AxiosAdapter = async (config) => {
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      path: endpointPathOf(config.url, config.baseURL),
      params: (config.params ?? {}) as Record<string, unknown>,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      progress: (loaded, total) => config.onUploadProgress?.({ loaded, total, progress: loaded / total, bytes: loaded, lengthComputable: true, upload: true } as AxiosProgressEvent),
    };
    calls.push(call);
    const handler = handlers[call.path];
    if (!handler) return fail(config, 404, 'NOT_FOUND', 'no route');
    try {
      return ok(config, await handler(call));
    } catch (error) {
      if (error instanceof FakeApiError) return fail(config, error.status, error.code, error.message, error.issues);
      throw error;
    }
  };
  return { adapter, calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}
