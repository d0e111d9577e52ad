import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import type { ChatStreamEvent } from '../contracts/entities.js';
import { createApiClient } from './client.js';
import { createSseParser, streamEndpoint, StreamRequestError } from './stream.js';

const encoder = new TextEncoder();

/** Bytes delivered in the given pieces, so a test decides where the network splits the text. */
function streamOf(pieces: Uint8Array[], options: { hang?: boolean } = {}): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      const piece = pieces[i++];
      if (piece) controller.enqueue(piece);
      else if (!options.hang) controller.close();
      // `hang`: the server keeps the connection open (an answer still being generated).
      else return new Promise(() => undefined);
    },
  });
}

/** Splits bytes at the given offsets (possibly inside a multi-byte character). */
function splitAt(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const cuts = [0, ...offsets, bytes.length];
  return cuts.slice(1).map((end, k) => bytes.slice(cuts[k], end));
}

const sseText = [
  ': connected\n\n',
  'data: {"type":"start","conversation_id":"c1","message_id":"m2","user_message_id":"m1"}\n\n',
  'data: {"type":"delta","text":"Giá bán "}\r\n\r\n',
  'data: {"type":"delta","text":"là 120.000 đ"}\n\ndata: {"type":"delta","text":" [1]."}\n\n',
  ': heartbeat\n\n',
  'event: ignored-name\ndata: {"type":"citations","citations":[{"index":1,"chunk_id":"k1","file_id":"f1","file_name":"bảng giá.xlsx","collection_name":"Shop","locator":"\'Bảng giá\'!A2:D40","excerpt":"Áo thun 120.000 đ"}]}\n\n',
  'data: {"type":"done","usage":{"prompt_tokens":100,"completion_tokens":23,"total_tokens":123,"cost":3}}\n\n',
].join('');

function clientWithToken(token: string | null, refreshTo?: string) {
  let current = token;
  const refreshAdapter: AxiosAdapter = async (config) => {
    if (!refreshTo) {
      const response = { data: { status: 401, code: 'UNAUTHENTICATED', message: 'expired' }, status: 401, statusText: '401', headers: {}, config } as AxiosResponse;
      throw new AxiosError('401', 'ERR_BAD_REQUEST', config, null, response);
    }
    return { data: { status: 200, data: { access_token: refreshTo } }, status: 200, statusText: 'OK', headers: {}, config } as AxiosResponse;
  };
  const onSessionExpired = vi.fn();
  const client = createApiClient({
    baseURL: 'http://api.test',
    adapter: refreshAdapter,
    getAccessToken: () => current,
    onTokenRefreshed: (next) => (current = next),
    onSessionExpired,
  });
  return { client, onSessionExpired };
}

const body = { user_id: 'u-7', mode: 'fulldocs' as const, message: 'Giá bán?', temperature: 0.5, file_ids: ['f1'] };

describe('createSseParser', () => {
  it('joins the data lines of one event, ignores comments and other fields, and survives any split', () => {
    const text = ': hi\nid: 3\ndata: one\ndata: two\n\ndata:three\r\n\r\nretry: 10\ndata: four\r\r';
    for (let cut = 0; cut <= text.length; cut += 1) {
      const seen: string[] = [];
      const parser = createSseParser((data) => seen.push(data));
      parser.push(text.slice(0, cut));
      parser.push(text.slice(cut));
      parser.end();
      expect(seen, `split at ${cut}`).toEqual(['one\ntwo', 'three', 'four']);
    }
  });

  it('delivers a last event the server did not end with a blank line', () => {
    const seen: string[] = [];
    const parser = createSseParser((data) => seen.push(data));
    parser.push('data: {"a":1}');
    parser.end();
    expect(seen).toEqual(['{"a":1}']);
    // Ended by a lone `\r` (the first half of a `\r\n` that never came): the line is whole, the event too.
    const more: string[] = [];
    const second = createSseParser((data) => more.push(data));
    second.push('data: five\r');
    second.end();
    expect(more).toEqual(['five']);
  });
});

describe('streamEndpoint', () => {
  it('posts JSON with the bearer token and credentials, and hands over every event split at awkward places', async () => {
    const bytes = encoder.encode(sseText);
    // Cuts inside "data:", inside a JSON string, between \r and \n, and inside the bytes of "á" and "ả".
    const inside = (needle: string, extra: number) => encoder.encode(sseText.slice(0, sseText.indexOf(needle))).length + extra;
    const offsets = [3, 17, inside('Giá', 2), inside('\r\n\r\n', 1), inside('là 120', 0), inside('bảng', 2), inside('"done"', 4)].sort((a, b) => a - b);
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(streamOf(splitAt(bytes, offsets)), { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
    const { client } = clientWithToken('tok-1');
    const events: ChatStreamEvent[] = [];

    const outcome = await streamEndpoint('chatSend', body, { onEvent: (event) => events.push(event), client, fetch });

    expect(outcome).toEqual({ aborted: false });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/api/v1/chat/send');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect(JSON.parse(init?.body as string)).toEqual(body);
    expect(events.map((event) => event.type)).toEqual(['start', 'delta', 'delta', 'delta', 'citations', 'done']);
    const text = events.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');
    expect(text).toBe('Giá bán là 120.000 đ [1].');
    const citations = events.find((event) => event.type === 'citations');
    expect(citations?.type === 'citations' && citations.citations[0]?.file_name).toBe('bảng giá.xlsx');
  });

  it('skips events outside the contract without stopping', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const text = 'data: not json\n\ndata: {"type":"delta"}\n\ndata: {"type":"delta","text":"ok"}\n\n';
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(streamOf([encoder.encode(text)])));
    const events: ChatStreamEvent[] = [];
    await streamEndpoint('chatSend', body, { onEvent: (event) => events.push(event), client: clientWithToken('t').client, fetch });
    expect(events).toEqual([{ type: 'delta', text: 'ok' }]);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('rejects with the API error body when the server refuses before streaming', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ status: 402, code: 'INSUFFICIENT_BALANCE', message: 'Balance too low' }, { status: 402 }),
    );
    const error = await streamEndpoint('chatSend', body, { onEvent: () => undefined, client: clientWithToken('t').client, fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamRequestError);
    expect(error).toMatchObject({ status: 402, code: 'INSUFFICIENT_BALANCE', message: 'Balance too low' });
  });

  it('says NETWORK when nothing answers', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(streamEndpoint('chatSend', body, { onEvent: () => undefined, client: clientWithToken('t').client, fetch })).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('on 401 refreshes through the client once and replays with the new token', async () => {
    const { client } = clientWithToken('stale', 'fresh');
    const fetch = vi.fn<typeof globalThis.fetch>(async (_url, init) => {
      const auth = (init?.headers as Record<string, string>).Authorization;
      if (auth !== 'Bearer fresh') return Response.json({ status: 401, code: 'UNAUTHENTICATED', message: 'expired' }, { status: 401 });
      return new Response(streamOf([encoder.encode('data: {"type":"delta","text":"hi"}\n\n')]));
    });
    const events: ChatStreamEvent[] = [];
    await streamEndpoint('chatSend', body, { onEvent: (event) => events.push(event), client, fetch });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(client.accessToken()).toBe('fresh');
    expect(events).toEqual([{ type: 'delta', text: 'hi' }]);
  });

  it('a failed refresh ends the session once and rejects as SESSION_EXPIRED', async () => {
    const { client, onSessionExpired } = clientWithToken('stale');
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ status: 401, code: 'UNAUTHENTICATED', message: 'expired' }, { status: 401 }));
    await expect(streamEndpoint('chatSend', body, { onEvent: () => undefined, client, fetch })).rejects.toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('aborting stops reading at once and resolves as aborted, even if the transport ignores the signal', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(streamOf([encoder.encode('data: {"type":"delta","text":"Một"}\n\n')], { hang: true })));
    const controller = new AbortController();
    const events: ChatStreamEvent[] = [];
    const outcome = streamEndpoint('chatSend', body, {
      onEvent: (event) => {
        events.push(event);
        controller.abort();
      },
      signal: controller.signal,
      client: clientWithToken('t').client,
      fetch,
    });
    await expect(outcome).resolves.toEqual({ aborted: true });
    expect(events).toEqual([{ type: 'delta', text: 'Một' }]);
    expect(fetch.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });
});
