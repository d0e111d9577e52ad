import { createParser } from 'eventsource-parser';
import type { z } from 'zod';
import { endpointPath, endpoints, type EndpointBody, type EndpointName } from '../contracts/endpoints.js';
import type { ErrorCode } from '../contracts/error-codes.js';
import { apiClient, type ApiClient } from './client.js';

/** Endpoints that answer `text/event-stream` (their contract `response` is the schema of one event). */
export type StreamEndpointName = {
  [N in EndpointName]: (typeof endpoints)[N] extends { stream: true } ? N : never;
}[EndpointName];

export type StreamEvent<N extends StreamEndpointName> = z.infer<(typeof endpoints)[N]['response']>;

export interface StreamOptions<N extends StreamEndpointName> {
  /** Called once per valid event, in order. Events that fail the contract schema are skipped (and logged). */
  onEvent(event: StreamEvent<N>): void;
  /** Aborting closes the connection: the server stops generating (and charging) at once. */
  signal?: AbortSignal;
  /** Path parameters, if the endpoint's path has any. */
  params?: Record<string, string>;
  /** Test seams: the client whose base URL, token and refresh are used, and the transport. */
  client?: ApiClient;
  fetch?: typeof fetch;
}

export interface StreamOutcome {
  /** The caller's signal stopped the stream before the server ended it. */
  aborted: boolean;
}

/**
 * A stream that could not start: the server's error body (`{ code, message }`) with the HTTP status, or
 * `NETWORK` when nothing answered. Shaped like `ApiQueryError`, so the same error-to-text helpers read it.
 */
export class StreamRequestError extends Error {
  constructor(
    readonly status: number | 'NETWORK',
    readonly code: ErrorCode | 'NETWORK',
    message: string,
  ) {
    super(message);
    this.name = 'StreamRequestError';
  }
}

/**
 * Server-sent events read with `eventsource-parser` (the WHATWG "event stream interpretation"): text may arrive
 * split anywhere — inside a line, between `\r` and `\n` — and several events may share one chunk. Comments
 * (`: heartbeat`), event names, ids and retry hints are not used; the `data` lines of one event arrive joined
 * with `\n`.
 */
export function createSseParser(onData: (data: string) => void) {
  const parser = createParser({ onEvent: (event) => onData(event.data) });
  return {
    push(text: string): void {
      parser.feed(text);
    },
    /** The stream ended: a last event without its blank line is still delivered. */
    end(): void {
      parser.feed('\n\n');
      parser.reset();
    },
  };
}

async function errorOf(response: Response): Promise<StreamRequestError> {
  try {
    const body = (await response.json()) as { code?: ErrorCode; message?: string };
    return new StreamRequestError(response.status, body.code ?? 'INTERNAL', body.message ?? response.statusText);
  } catch {
    return new StreamRequestError(response.status, 'INTERNAL', response.statusText || `HTTP ${response.status}`);
  }
}

/** The client's refresh; its failure already ended the session (the shell goes to sign-in). */
async function refreshed(client: ApiClient): Promise<string> {
  try {
    return await client.refresh();
  } catch {
    throw new StreamRequestError(401, 'SESSION_EXPIRED', 'The session has ended');
  }
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

/**
 * POSTs a streaming endpoint of the contract and hands each server-sent event to `onEvent` as it arrives.
 * Same base URL, bearer token and single-flight 401 refresh as the shared axios client (the refresh is the
 * client's own); credentials included. Resolves when the server ends the stream, or `{ aborted: true }` when
 * the signal stopped it; rejects with a `StreamRequestError` when the server refuses before streaming.
 */
export async function streamEndpoint<N extends StreamEndpointName>(
  name: N,
  body: EndpointBody<N>,
  options: StreamOptions<N>,
): Promise<StreamOutcome> {
  const client = options.client ?? apiClient;
  const transport = options.fetch ?? globalThis.fetch.bind(globalThis);
  const contract = endpoints[name];
  const url = `${client.http.defaults.baseURL ?? ''}${endpointPath(name, options.params)}`;

  const send = (token: string | null) =>
    transport(url, {
      method: contract.method,
      credentials: 'include',
      headers: {
        Accept: 'text/event-stream',
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: options.signal,
    });

  let response: Response;
  try {
    const sentWith = client.accessToken();
    response = await send(sentWith);
    if (response.status === 401) {
      // Like the axios interceptor: refresh once (joining any refresh in flight) unless another request
      // already replaced the token this one was sent with, then replay once.
      await response.body?.cancel().catch(() => undefined);
      const current = client.accessToken();
      const token = current !== null && current !== sentWith ? current : await refreshed(client);
      response = await send(token);
    }
  } catch (error) {
    if (isAbort(error, options.signal)) return { aborted: true };
    if (error instanceof StreamRequestError) throw error;
    throw new StreamRequestError('NETWORK', 'NETWORK', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await errorOf(response);
  if (!response.body) return { aborted: false };

  const parser = createSseParser((data) => {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      console.warn(`${name}: an event that is not JSON was skipped`, data);
      return;
    }
    const parsed = contract.response.safeParse(json);
    if (parsed.success) options.onEvent(parsed.data as StreamEvent<N>);
    else console.warn(`${name}: an event outside the contract was skipped`, parsed.error.issues);
  });
  const reader = response.body.getReader();
  // Fetch cancels the body on abort; this also stops a transport that ignores the signal.
  const stop = () => void reader.cancel().catch(() => undefined);
  if (options.signal?.aborted) {
    stop();
    return { aborted: true };
  }
  options.signal?.addEventListener('abort', stop, { once: true });
  // `stream: true` keeps a multi-byte character split across two chunks (Vietnamese text) whole.
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (options.signal?.aborted) return { aborted: true };
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
    return { aborted: false };
  } catch (error) {
    if (isAbort(error, options.signal)) return { aborted: true };
    throw new StreamRequestError('NETWORK', 'NETWORK', error instanceof Error ? error.message : String(error));
  } finally {
    options.signal?.removeEventListener('abort', stop);
    reader.releaseLock();
  }
}
