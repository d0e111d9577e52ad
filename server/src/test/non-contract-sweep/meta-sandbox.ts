import type { InjectOptions } from 'fastify';
import { appsecretProof } from '../../meta/graph-client.js';
import { BAD_JSON_VALUES, BAD_QUERY_VALUES, bodyShapes, type Case, type Context, fieldCases, pageShapes, pathCases, queryCases, type RouteSweep, type Shape, V, withShapes } from './harness.js';

/** The Meta sandbox's Graph emulation: its OAuth dialog and token exchange, the Facebook nodes, the linked Instagram account. */

const graphShapes: Shape[] = ['graph', 'api'];

/** A Graph call: `path` with the token and its proof in the query, and the rest of `extra`. */
const graphCall = (c: Context, method: InjectOptions['method'], path: string, token: string, extra: Partial<InjectOptions> = {}): InjectOptions => ({
  method,
  url: `${V}${path}${path.includes('?') ? '&' : '?'}${c.graph.auth(token)}`,
  ...extra,
});

/** Token problems of any Graph node: none, garbage, unproven, wrongly proven, forged, oversized, NUL. */
function graphAuthCases(c: Context, method: InjectOptions['method'], path: string, payload?: object): Case[] {
  const body = payload ? { payload, headers: { 'content-type': 'application/json' } } : {};
  const expired = c.t.app.metaSandbox.tokens.issue({ k: 'user', t: c.user.userId, u: '100090000000001', long: false, exp: 1 });
  return [
    { label: 'no token', request: { method, url: `${V}${path}`, ...body } },
    { label: 'garbage token', request: { method, url: `${V}${path}?access_token=garbage&appsecret_proof=${appsecretProof(c.t.app.meta.appSecret, 'garbage')}`, ...body } },
    { label: 'token without proof', request: { method, url: `${V}${path}?access_token=${encodeURIComponent(c.graph.pageToken)}`, ...body } },
    { label: 'wrong proof', request: { method, url: `${V}${path}?access_token=${encodeURIComponent(c.graph.pageToken)}&appsecret_proof=${'0'.repeat(64)}`, ...body } },
    { label: 'proof of another length', request: { method, url: `${V}${path}?access_token=${encodeURIComponent(c.graph.pageToken)}&appsecret_proof=abc`, ...body } },
    { label: 'forged token', request: { method, url: `${V}${path}?access_token=EAAS${Buffer.from('{"k":"page","u":"1","p":"1","n":"x"}').toString('base64url')}.AAAA&appsecret_proof=x`, ...body } },
    { label: 'expired user token', request: graphCall(c, method, path, expired, body) },
    { label: 'token of 5 000 chars', request: { method, url: `${V}${path}?access_token=EAAS${'x'.repeat(5_000)}&appsecret_proof=x`, ...body } },
    { label: 'NUL token', request: { method, url: `${V}${path}?access_token=EAAS%00&appsecret_proof=%00`, ...body } },
    { label: 'token repeated', request: { method, url: `${V}${path}?access_token=a&access_token=b&appsecret_proof=x`, ...body } },
    { label: 'bearer header garbage', request: { method, url: `${V}${path}`, headers: { authorization: 'Bearer x y z' }, ...(payload ? { payload } : {}) } },
    { label: 'token of a wrong type (JSON body)', request: { method, url: `${V}${path}`, payload: { ...payload, access_token: 12345, appsecret_proof: ['x'] }, headers: { 'content-type': 'application/json' } } },
  ].map((item) => ({ ...item, shapes: graphShapes }));
}

/** A JSON call on a Graph node with A's page token. */
const graphJson = (c: Context, method: InjectOptions['method'], path: string, token = c.graph.pageToken) => (body: Record<string, unknown>) =>
  graphCall(c, method, path, token, { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const graphBody = (c: Context, method: InjectOptions['method'], path: string, base: Record<string, unknown>) =>
  bodyShapes(base).map(([label, shape]) => ({ label: `body: ${label}`, request: graphCall(c, method, path, c.graph.pageToken, shape) }));

/** Paths of one node with bad ids, B's page (403, nothing of B), a user token where a page token is needed. */
function graphNodeCases(c: Context, method: InjectOptions['method'], template: string, payload?: object): Case[] {
  const extra = payload ? { payload, headers: { 'content-type': 'application/json' } } : {};
  return [
    ...graphAuthCases(c, method, template.replace(/:\w+/, c.graph.pageA), payload),
    ...pathCases(method, template).map((item) => ({ ...item, request: graphCall(c, method, String(item.request.url).slice(V.length), c.graph.pageToken, extra), shapes: graphShapes })),
    { label: "B's page with A's page token", request: graphCall(c, method, template.replace(/:\w+/, c.graph.pageB), c.graph.pageToken, extra), shapes: graphShapes },
    { label: 'a user token', request: graphCall(c, method, template.replace(/:\w+/, c.graph.pageA), c.graph.userToken, extra), shapes: graphShapes },
  ];
}

/** Graph takes any text: an empty, control-character or 1 MB value may be accepted (never a NUL or a lone surrogate). */
const ODD_BUT_VALID = /: (empty|control characters|1 MB)$/;
const graphField = (item: { label: string; request: InjectOptions }): Case => ({ ...item, shapes: graphShapes, mayPass: ODD_BUT_VALID.test(item.label) });

/** The Instagram account linked to A's page (the bakery) in A's sandbox. */
const instagramOf = (c: Context) => c.t.app.metaSandbox.instagramIdOf(c.user.userId, '109000000000011');

export const META_SANDBOX_SWEEPS: RouteSweep[] = [
  // ── The Meta sandbox's Graph emulation ───────────────────────────────────────────────────────────────
  {
    routes: [`GET ${V}/dialog/oauth`, `HEAD ${V}/dialog/oauth`],
    cases: (c) => {
      const base = { client_id: c.t.app.meta.appId, redirect_uri: c.t.app.meta.redirectUri, state: 's', scope: 'pages_show_list', response_type: 'code' };
      return queryCases(`${V}/dialog/oauth`, base, Object.keys(base)).map((item) => ({
        ...item,
        // Its refusals are pages; text that cannot be stored is refused by the sandbox's guard, Graph-shaped.
        shapes: [...pageShapes, 'graph'] as Shape[],
        // state, scope and response_type are optional: the dialog opens with them escaped. A repeated parameter counts once.
        mayPass: !/query\.(client_id|redirect_uri)/.test(item.label) || item.label.endsWith('repeated'),
      }));
    },
  },
  {
    routes: [`POST ${V}/dialog/oauth`],
    cases: (c) => {
      const base = { client_id: c.t.app.meta.appId, redirect_uri: c.t.app.meta.redirectUri, state: 's', scope: 'x', decision: 'allow', account: 'not-a-demo-account' };
      const form = (body: Record<string, unknown>): InjectOptions => ({
        method: 'POST',
        url: `${V}/dialog/oauth`,
        payload: new URLSearchParams(Object.entries(body).map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : JSON.stringify(value)])).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const asJson = (body: Record<string, unknown>): InjectOptions => ({ method: 'POST', url: `${V}/dialog/oauth`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      return [
        // A cancel redirects (303) whatever the other fields hold, when client and redirect are right.
        ...fieldCases(base, ['client_id', 'redirect_uri', 'account'], form, 'form').map(withShapes([...pageShapes, 'graph'])),
        ...fieldCases(base, ['client_id', 'redirect_uri', 'account', 'state', 'decision'], asJson, 'json').map((item) => ({
          ...item,
          shapes: [...pageShapes, 'graph'] as Shape[],
          mayPass: /\.(state|decision)/.test(item.label),
        })),
        ...bodyShapes(base).map(([label, shape]) => ({ label: `body: ${label}`, request: { method: 'POST' as const, url: `${V}/dialog/oauth`, ...shape }, shapes: [...pageShapes, 'graph'] as Shape[] })),
        { label: 'form over 64 KiB', request: form({ ...base, state: 'x'.repeat(70_000) }), shapes: [...pageShapes, 'graph'] },
      ];
    },
  },
  {
    routes: [`GET ${V}/oauth/access_token`, `HEAD ${V}/oauth/access_token`],
    cases: (c) => {
      const base = { client_id: c.t.app.meta.appId, client_secret: c.t.app.meta.appSecret, redirect_uri: c.t.app.meta.redirectUri, code: c.graph.codeFor(c.t.app.meta.redirectUri) };
      const exchange = { client_id: c.t.app.meta.appId, client_secret: c.t.app.meta.appSecret, grant_type: 'fb_exchange_token', fb_exchange_token: c.graph.pageToken };
      return [
        // The code of `base` is valid: every case breaks something else, or the code itself.
        ...queryCases(`${V}/oauth/access_token`, { ...base, code: 'garbage' }, ['client_id', 'client_secret', 'code', 'redirect_uri']),
        ...queryCases(`${V}/oauth/access_token`, exchange, ['fb_exchange_token']),
        { label: 'code for another redirect', request: { method: 'GET' as const, url: `${V}/oauth/access_token?${new URLSearchParams({ ...base, redirect_uri: 'https://elsewhere.example/' }).toString()}` } },
        { label: 'a page token as the code', request: { method: 'GET' as const, url: `${V}/oauth/access_token?${new URLSearchParams({ ...base, code: c.graph.pageToken }).toString()}` } },
        { label: 'client secret of the same length', request: { method: 'GET' as const, url: `${V}/oauth/access_token?${new URLSearchParams({ ...base, client_secret: 'x'.repeat(base.client_secret.length) }).toString()}` } },
      ].map(withShapes(graphShapes));
    },
  },
  { routes: [`GET ${V}/me`, `HEAD ${V}/me`], cases: (c) => graphAuthCases(c, 'GET', '/me') },
  {
    routes: [`GET ${V}/me/permissions`, `HEAD ${V}/me/permissions`],
    cases: (c) => [...graphAuthCases(c, 'GET', '/me/permissions'), { label: 'a page token', request: graphCall(c, 'GET', '/me/permissions', c.graph.pageToken), shapes: graphShapes }],
  },
  {
    routes: [`GET ${V}/me/accounts`, `HEAD ${V}/me/accounts`],
    cases: (c) => [...graphAuthCases(c, 'GET', '/me/accounts'), { label: 'a page token', request: graphCall(c, 'GET', '/me/accounts', c.graph.pageToken), shapes: graphShapes }],
  },
  {
    routes: [`GET ${V}/:userId/accounts`, `HEAD ${V}/:userId/accounts`],
    cases: (c) => [
      ...graphAuthCases(c, 'GET', '/100090000000001/accounts'),
      ...pathCases('GET', '/:userId/accounts').map((item) => ({ ...item, request: graphCall(c, 'GET', String(item.request.url), c.graph.userToken), shapes: graphShapes })),
      { label: "B's demo account with A's user token", request: graphCall(c, 'GET', `/${c.graph.accountB}/accounts`, c.graph.userToken), shapes: graphShapes },
    ],
  },
  {
    routes: [`GET ${V}/:pageId/subscribed_apps`, `HEAD ${V}/:pageId/subscribed_apps`, `DELETE ${V}/:pageId/subscribed_apps`],
    cases: (c) => [...graphNodeCases(c, 'GET', '/:pageId/subscribed_apps'), ...graphNodeCases(c, 'DELETE', '/:pageId/subscribed_apps')],
  },
  {
    routes: [`POST ${V}/:pageId/subscribed_apps`],
    cases: (c) => {
      const path = `/${c.graph.pageA}/subscribed_apps`;
      return [
        ...graphNodeCases(c, 'POST', '/:pageId/subscribed_apps', { subscribed_fields: 'feed' }),
        ...fieldCases({ subscribed_fields: 'not-a-field' }, ['subscribed_fields'], graphJson(c, 'POST', path)).map(graphField),
        ...graphBody(c, 'POST', path, { subscribed_fields: 'not-a-field' }).map(withShapes(graphShapes)),
        { label: 'form, NUL field', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: 'subscribed_fields=feed%00', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
      ];
    },
  },
  {
    routes: [`GET ${V}/:commentId/comments`, `HEAD ${V}/:commentId/comments`],
    cases: (c) => [
      ...graphAuthCases(c, 'GET', '/1_2/comments'),
      ...pathCases('GET', '/:commentId/comments').map((item) => ({ ...item, request: graphCall(c, 'GET', String(item.request.url), c.graph.pageToken), shapes: graphShapes, mayPass: true })),
      { label: 'a user token', request: graphCall(c, 'GET', '/1_2/comments', c.graph.userToken), shapes: graphShapes },
    ],
  },
  {
    routes: [`POST ${V}/:commentId/comments`],
    cases: (c) => {
      const path = `/${c.graph.pageA}_1_2/comments`;
      return [
        ...graphAuthCases(c, 'POST', path, { message: 'x' }),
        ...fieldCases({ message: '' }, ['message'], graphJson(c, 'POST', path)).map(graphField),
        ...graphBody(c, 'POST', path, { message: '' }).map(withShapes(graphShapes)),
        ...pathCases('POST', '/:commentId/comments').map((item) => ({ ...item, request: graphCall(c, 'POST', String(item.request.url), c.graph.pageToken, { payload: { message: 7 }, headers: { 'content-type': 'application/json' } }), shapes: graphShapes })),
        { label: 'form, NUL message', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: 'message=a%00b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
        { label: 'a user token', request: graphCall(c, 'POST', path, c.graph.userToken, { payload: { message: 'x' } }), shapes: graphShapes },
      ];
    },
  },
  {
    routes: [`GET ${V}/:pageId/conversations`, `HEAD ${V}/:pageId/conversations`],
    cases: (c) => [
      ...graphNodeCases(c, 'GET', '/:pageId/conversations?user_id=1'),
      { label: 'no user_id', request: graphCall(c, 'GET', `/${c.graph.pageA}/conversations`, c.graph.pageToken), shapes: graphShapes },
      ...BAD_QUERY_VALUES.map((value) => ({ label: `user_id ${JSON.stringify(value.slice(0, 20))}`, request: graphCall(c, 'GET', `/${c.graph.pageA}/conversations?user_id=${value}`, c.graph.pageToken), shapes: graphShapes, mayPass: value !== '' })),
    ],
  },
  {
    routes: [`GET ${V}/:psid`, `HEAD ${V}/:psid`],
    cases: (c) => [
      ...graphAuthCases(c, 'GET', '/6100000000000001'),
      ...pathCases('GET', '/:psid').map((item) => ({ ...item, request: graphCall(c, 'GET', String(item.request.url), c.graph.pageToken), shapes: graphShapes })),
      { label: 'a user token', request: graphCall(c, 'GET', '/6100000000000001', c.graph.userToken), shapes: graphShapes },
    ],
  },
  {
    routes: [`POST ${V}/:pageId/messages`],
    cases: (c) => {
      const path = `/${c.graph.pageA}/messages`;
      const base = { recipient: { id: '6100000000000001' }, message: { text: '' }, messaging_type: 'RESPONSE' };
      const send = graphJson(c, 'POST', path);
      return [
        ...graphNodeCases(c, 'POST', '/:pageId/messages', base),
        ...fieldCases(base, ['recipient', 'message'], send).map(graphField),
        ...fieldCases({ text: '' }, ['text'], (message) => send({ ...base, message })).map(graphField),
        ...fieldCases({ id: '' }, ['id'], (recipient) => send({ ...base, message: { text: 'hi' }, recipient })).map(graphField),
        ...fieldCases({ comment_id: '' }, ['comment_id'], (recipient) => send({ ...base, message: { text: 'hi' }, recipient })).map(graphField),
        { label: 'text of 2 000 chars', request: send({ ...base, message: { text: 'x'.repeat(2_000) } }), shapes: graphShapes },
        { label: 'form, recipient not JSON', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: 'recipient=%7B&message=%7B', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
        { label: 'form, NUL text', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: `recipient=${encodeURIComponent('{"id":"1"}')}&message=${encodeURIComponent('{"text":"a\\u0000b"}')}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
        ...graphBody(c, 'POST', path, base).map(withShapes(graphShapes)),
      ];
    },
  },
  {
    routes: [`POST ${V}/:pageId/feed`],
    cases: (c) => {
      const path = `/${c.graph.pageA}/feed`;
      const send = graphJson(c, 'POST', path);
      return [
        ...graphNodeCases(c, 'POST', '/:pageId/feed', { message: 'x' }),
        // A message of any text is a post: the text values are odd but may be published; the others are refused.
        ...fieldCases({ message: 'x' }, ['message'], send).map((item) => ({ ...item, shapes: graphShapes, mayPass: ODD_BUT_VALID.test(item.label) })),
        ...fieldCases({ link: 'x' }, ['link'], send).map((item) => ({ ...item, shapes: graphShapes, mayPass: ODD_BUT_VALID.test(item.label) })),
        ...BAD_JSON_VALUES.map(([name, value]) => ({ label: `attached_media: ${name}`, request: send({ message: 'x', attached_media: value }), shapes: graphShapes })),
        ...BAD_JSON_VALUES.map(([name, value]) => ({ label: `attached_media[0].media_fbid: ${name}`, request: send({ message: 'x', attached_media: [{ media_fbid: value }] }), shapes: graphShapes })),
        { label: 'form, attached_media[0] not JSON', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: 'message=x&attached_media%5B0%5D=%7B', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
        { label: 'form, NUL message', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: 'message=a%00b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
        ...graphBody(c, 'POST', path, {}).map(withShapes(graphShapes)),
      ];
    },
  },
  {
    routes: [`GET ${V}/:pageId/feed`, `HEAD ${V}/:pageId/feed`],
    cases: (c) => [
      ...graphNodeCases(c, 'GET', '/:pageId/feed'),
      ...BAD_QUERY_VALUES.map((value) => ({ label: `limit ${JSON.stringify(value.slice(0, 20))}`, request: graphCall(c, 'GET', `/${c.graph.pageA}/feed?limit=${value}`, c.graph.pageToken), shapes: graphShapes, mayPass: true })),
    ],
  },
  {
    routes: [`POST ${V}/:pageId/photos`],
    cases: (c) => {
      const path = `/${c.graph.pageA}/photos`;
      const send = graphJson(c, 'POST', path);
      return [
        ...graphNodeCases(c, 'POST', '/:pageId/photos', { url: 'https://example.vn/a.png' }),
        ...fieldCases({ url: 'x' }, ['url'], send).map((item) => ({ ...item, shapes: graphShapes, mayPass: ODD_BUT_VALID.test(item.label) })),
        ...fieldCases({ url: 'x', published: false, caption: 'x' }, ['caption', 'published'], send).map((item) => ({ ...item, shapes: graphShapes, mayPass: !/(NUL|surrogate)/.test(item.label) })),
        { label: 'form, NUL url', request: graphCall(c, 'POST', path, c.graph.pageToken, { payload: 'url=a%00b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), shapes: graphShapes },
        ...graphBody(c, 'POST', path, {}).map(withShapes(graphShapes)),
      ];
    },
  },

  // ── The Instagram account linked to A's page (reached with A's page token) ─────────────────────────────
  {
    routes: [`GET ${V}/:commentId/replies`, `HEAD ${V}/:commentId/replies`],
    cases: (c) => [
      ...graphAuthCases(c, 'GET', '/17900000000000001/replies'),
      ...pathCases('GET', '/:commentId/replies').map((item) => ({ ...item, request: graphCall(c, 'GET', String(item.request.url), c.graph.pageToken), shapes: graphShapes, mayPass: true })),
      { label: 'a user token', request: graphCall(c, 'GET', '/17900000000000001/replies', c.graph.userToken), shapes: graphShapes },
    ],
  },
  {
    routes: [`POST ${V}/:commentId/replies`],
    cases: (c) => {
      const path = '/17900000000000001/replies';
      return [
        ...graphAuthCases(c, 'POST', path, { message: 'x' }),
        ...fieldCases({ message: '' }, ['message'], graphJson(c, 'POST', path)).map(graphField),
        ...graphBody(c, 'POST', path, { message: '' }).map(withShapes(graphShapes)),
        ...pathCases('POST', '/:commentId/replies').map((item) => ({ ...item, request: graphCall(c, 'POST', String(item.request.url), c.graph.pageToken, { payload: { message: 7 }, headers: { 'content-type': 'application/json' } }), shapes: graphShapes })),
        { label: 'a user token', request: graphCall(c, 'POST', path, c.graph.userToken, { payload: { message: 'x' } }), shapes: graphShapes },
      ];
    },
  },
  {
    routes: [`POST ${V}/:igUserId/media`],
    cases: (c) => {
      const path = `/${instagramOf(c)}/media`;
      const send = graphJson(c, 'POST', path);
      return [
        ...graphNodeCases(c, 'POST', '/:igUserId/media', { image_url: 'https://example.vn/a.jpg' }),
        ...fieldCases({ image_url: 'x' }, ['image_url'], send).map(graphField),
        ...fieldCases({ image_url: 'https://example.vn/a.jpg', caption: 'x' }, ['caption'], send).map((item) => ({ ...item, shapes: graphShapes, mayPass: !/(NUL|surrogate)/.test(item.label) })),
        ...BAD_JSON_VALUES.map(([name, value]) => ({ label: `carousel children: ${name}`, request: send({ media_type: 'CAROUSEL', children: value }), shapes: graphShapes })),
        { label: "B's sandbox account id", request: graphCall(c, 'POST', `/${c.t.app.metaSandbox.instagramIdOf(c.other.userId, '109000000000011')}/media`, c.graph.pageToken, { payload: { image_url: 'https://example.vn/a.jpg' } }), shapes: graphShapes },
        ...graphBody(c, 'POST', path, {}).map(withShapes(graphShapes)),
      ];
    },
  },
  {
    routes: [`GET ${V}/:igUserId/media`, `HEAD ${V}/:igUserId/media`],
    cases: (c) => [...graphNodeCases(c, 'GET', '/:igUserId/media')],
  },
  {
    routes: [`POST ${V}/:igUserId/media_publish`],
    cases: (c) => {
      const path = `/${instagramOf(c)}/media_publish`;
      return [
        ...graphNodeCases(c, 'POST', '/:igUserId/media_publish', { creation_id: '1' }),
        ...fieldCases({ creation_id: '1' }, ['creation_id'], graphJson(c, 'POST', path)).map(withShapes(graphShapes)),
        ...graphBody(c, 'POST', path, {}).map(withShapes(graphShapes)),
      ];
    },
  },
  {
    routes: [`GET ${V}/:igUserId/content_publishing_limit`, `HEAD ${V}/:igUserId/content_publishing_limit`],
    cases: (c) => [...graphNodeCases(c, 'GET', '/:igUserId/content_publishing_limit')],
  },

];
