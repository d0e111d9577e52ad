import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { hubSignature, metaJson } from '../../meta-sandbox/webhook-payload.js';
import { dataSignature } from '../../payos-sandbox/payos-signature.js';
import { bodyShapes, type Case, CONNECT, fieldCases, json, pageShapes, pathCases, queryCases, type RouteSweep, type Shape, withShapes } from './harness.js';

/** The public routes outside the contract: uploaded media, Meta's webhook, the payment webhooks, the Facebook connect landing page. */
export const PUBLIC_ROUTE_SWEEPS: RouteSweep[] = [
  // ── Uploaded images: public by design (Facebook's crawler fetches them), an unguessable UUID each ────
  {
    routes: ['GET /media/:id', 'HEAD /media/:id'],
    cases: (c) => [
      ...pathCases('GET', '/media/:id').map(withShapes(['api'], { statuses: [400, 404, 414] })),
      ...pathCases('HEAD', '/media/:id').slice(0, 4).map(withShapes(['api'], { statuses: [400, 404, 414] })),
      { label: "B's document id (not an image)", request: { method: 'GET', url: `/media/${c.fileB}` }, shapes: ['api'], statuses: [404] },
      { label: "B's post id", request: { method: 'GET', url: `/media/${c.postB}` }, shapes: ['api'], statuses: [404] },
      { label: 'an unknown UUID', request: { method: 'GET', url: `/media/${crypto.randomUUID()}` }, shapes: ['api'], statuses: [404] },
      { label: 'the media id upper-cased', request: { method: 'GET', url: `/media/${c.mediaB.toUpperCase()}` }, shapes: ['api'], statuses: [404], mayPass: true },
      { label: 'the media id with a suffix', request: { method: 'GET', url: `/media/${c.mediaB}.png` }, shapes: ['api'], statuses: [404] },
      { label: 'junk query', request: { method: 'GET', url: `/media/not-an-id?x=%00&y=${'x'.repeat(4_000)}` }, shapes: ['api'], statuses: [400, 404] },
    ],
  },

  // ── Meta's webhook: the verify handshake and signed deliveries ─────────────────────────────────────────
  {
    routes: ['GET /webhook', 'HEAD /webhook'],
    cases: (c) => {
      const base = { 'hub.mode': 'subscribe', 'hub.verify_token': c.t.app.meta.webhookVerifyToken, 'hub.challenge': 'challenge-123' };
      return [
        ...queryCases('/webhook', base, Object.keys(base)).map(withShapes(['text', 'api'], { statuses: [403] })),
        { label: 'wrong mode', request: { method: 'GET', url: `/webhook?hub.mode=unsubscribe&hub.verify_token=${encodeURIComponent(base['hub.verify_token'])}&hub.challenge=1` }, shapes: ['text'], statuses: [403] },
        { label: 'wrong token of the same length', request: { method: 'GET', url: `/webhook?hub.mode=subscribe&hub.verify_token=${'x'.repeat(base['hub.verify_token'].length)}&hub.challenge=1` }, shapes: ['text'], statuses: [403] },
        { label: 'challenge with markup', request: { method: 'GET', url: `/webhook?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(base['hub.verify_token'])}&hub.challenge=%3Cscript%3E` }, shapes: ['text'], statuses: [403] },
        { label: 'HEAD, no query', request: { method: 'HEAD', url: '/webhook' }, shapes: ['text'], statuses: [403] },
      ];
    },
  },
  {
    routes: ['POST /webhook'],
    cases: (c) => {
      const secret = c.t.app.meta.appSecret;
      const ms = Date.now();
      const delivery = (text: unknown, extra: object = {}) =>
        metaJson({ object: 'page', entry: [{ id: c.graph.pageB, time: ms, messaging: [{ sender: { id: '6100000000000077' }, recipient: { id: c.graph.pageB }, timestamp: ms, message: { mid: `mid.sweep.${randomBytes(6).toString('hex')}`, text }, ...extra }] }] });
      const signed = (payload: string, contentType = 'application/json'): InjectOptions => ({ method: 'POST', url: '/webhook', payload, headers: { 'content-type': contentType, 'x-hub-signature-256': hubSignature(secret, payload) } });
      const unsigned = (headers: Record<string, string>, payload = delivery('hello')): InjectOptions => ({ method: 'POST', url: '/webhook', payload, headers: { 'content-type': 'application/json', ...headers } });
      const body = delivery('hello');
      const signedOk = (label: string, payload: string): Case => ({ label, request: signed(payload), shapes: ['api'], mayPass: true });
      return [
        { label: 'no signature', request: unsigned({}), shapes: ['api'], statuses: [403] },
        { label: 'empty signature', request: unsigned({ 'x-hub-signature-256': '' }), shapes: ['api'], statuses: [403] },
        { label: 'signature without sha256=', request: unsigned({ 'x-hub-signature-256': hubSignature(secret, body).slice(7) }, body), shapes: ['api'], statuses: [403] },
        { label: 'sha1 signature', request: unsigned({ 'x-hub-signature': `sha1=${'0'.repeat(40)}` }), shapes: ['api'], statuses: [403] },
        { label: 'signature of another body', request: unsigned({ 'x-hub-signature-256': hubSignature(secret, '{}') }, body), shapes: ['api'], statuses: [403] },
        { label: 'signature with another secret', request: unsigned({ 'x-hub-signature-256': hubSignature('not-the-secret', body) }, body), shapes: ['api'], statuses: [403] },
        { label: 'signature of 5 000 chars', request: unsigned({ 'x-hub-signature-256': `sha256=${'a'.repeat(5_000)}` }), shapes: ['api'], statuses: [403] },
        { label: 'signature with NUL', request: { method: 'POST', url: '/webhook', payload: body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(63)}\u0000` } }, shapes: ['api'], statuses: [403] },
        { label: 'no body, no signature', request: { method: 'POST', url: '/webhook' }, shapes: ['api'], statuses: [403] },
        { label: 'text/plain, no signature', request: { method: 'POST', url: '/webhook', payload: 'hello', headers: { 'content-type': 'text/plain' } }, shapes: ['api'], statuses: [403, 415] },
        { label: 'text/plain, signed', request: signed('hello', 'text/plain'), shapes: ['api'], statuses: [403, 415] },
        { label: 'url-encoded, signed', request: signed('a=1', 'application/x-www-form-urlencoded'), shapes: ['api'], statuses: [403, 415] },
        { label: 'over the 1 MiB limit, signed', request: signed(delivery('x'.repeat(1_100_000))), shapes: ['api'], statuses: [413] },
        // Signed: only Meta can send these. Refused or ignored, never a 500 (Meta would retry the batch for ever).
        signedOk('signed, malformed JSON', '{"object": "page", '),
        signedOk('signed, JSON null', 'null'),
        signedOk('signed, entry of the wrong type', metaJson({ object: 'page', entry: 'x' })),
        signedOk('signed, message text a number', delivery(12345)),
        signedOk('signed, message text an object', delivery({ a: 1 })),
        signedOk('signed, message text with a NUL byte', delivery('a\u0000b')),
        signedOk('signed, message text with a lone surrogate', delivery('a\ud800b')),
        signedOk('signed, sender id with a NUL byte', metaJson({ object: 'page', entry: [{ id: c.graph.pageB, time: ms, messaging: [{ sender: { id: '61\u00000' }, recipient: { id: c.graph.pageB }, timestamp: ms, message: { mid: `mid.nul.${ms}`, text: 'hi' } }] }] })),
        signedOk('signed, page id with a NUL byte', metaJson({ object: 'page', entry: [{ id: '109\u0000', time: ms, messaging: [{ sender: { id: '61' }, recipient: { id: '109\u0000' }, timestamp: ms, message: { mid: `mid.nulpage.${ms}`, text: 'hi' } }] }] })),
        signedOk('signed, comment with a NUL name and text', metaJson({ object: 'page', entry: [{ id: c.graph.pageB, time: ms, changes: [{ field: 'feed', value: { item: 'comment', verb: 'add', comment_id: `${c.graph.pageB}_1_${ms}`, post_id: `${c.graph.pageB}_1`, parent_id: `${c.graph.pageB}_1`, from: { id: '62', name: 'N\u0000' }, message: 'x\u0000\ud800', created_time: 1 } }] }] })),
        signedOk('signed, timestamp huge', delivery('hi', { timestamp: 1e308 })),
      ];
    },
  },

  // ── Payment webhooks: public, trusted through the PayOS signature only ───────────────────────────────
  {
    routes: ['POST /api/v1/payments/webhook/sandbox', 'POST /api/v1/payments/webhook/payos'],
    cases: (c) => {
      const data = { orderCode: c.payos.orderCodeB, amount: 50_000, description: 'x', accountNumber: '1', reference: 'r', transactionDateTime: '2030-01-01 00:00:00', currency: 'VND', paymentLinkId: c.payos.linkB, code: '00', desc: 'ok' };
      const base = { code: '00', desc: 'success', success: true, data, signature: 'f'.repeat(64) };
      const to = (provider: string) => (body: Record<string, unknown>): InjectOptions => ({ method: 'POST', url: `/api/v1/payments/webhook/${provider}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      const refused: Shape[] = ['payos-webhook', 'api'];
      const sandbox = to('sandbox');
      return [
        ...fieldCases(base, Object.keys(base), sandbox).map(withShapes(refused, { statuses: [400, 413] })),
        ...fieldCases(data, Object.keys(data), (d) => sandbox({ ...base, data: d }), 'data').map(withShapes(refused, { statuses: [400, 413] })),
        ...bodyShapes(base).map(([label, shape]) => ({ label: `body: ${label}`, request: { method: 'POST' as const, url: '/api/v1/payments/webhook/sandbox', ...shape }, shapes: refused })),
        { label: 'signed with another key', request: sandbox({ ...base, signature: dataSignature(data, 'not-the-key') }), shapes: refused, statuses: [400] },
        { label: 'signature of other data', request: sandbox({ ...base, signature: dataSignature({ ...data, amount: 1 }, c.payos.checksumKey) }), shapes: refused, statuses: [400] },
        { label: 'the payos provider (not in use)', request: to('payos')(base), shapes: refused, statuses: [400, 404] },
        { label: 'the payos provider, NUL body', request: to('payos')({ ...base, desc: '\u0000' }), shapes: refused, statuses: [400, 404] },
        { label: 'the payos provider, malformed JSON', request: { method: 'POST', url: '/api/v1/payments/webhook/payos', ...json('{') }, shapes: refused, statuses: [400, 404] },
      ];
    },
  },

  // ── Facebook connect: the OAuth redirect's landing page (public) ──────────────────────────────────────
  {
    routes: [`GET ${CONNECT}`, `HEAD ${CONNECT}`],
    cases: (c) =>
      [
        ...queryCases(CONNECT, { code: c.graph.codeFor('https://elsewhere.example/'), state: 'not-a-state' }, ['code', 'state']),
        ...queryCases(CONNECT, { error: 'access_denied' }, ['error']).map((item) => ({ ...item, mayPass: true })),
        { label: 'HEAD, no query', request: { method: 'HEAD' as const, url: CONNECT } },
      ].map((item) => ({ shapes: pageShapes, mayPass: false, ...item })),
  },

];
