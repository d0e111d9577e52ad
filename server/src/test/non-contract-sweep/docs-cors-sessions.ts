import { REFRESH_COOKIE } from '../../http/refresh-cookie.js';
import { bodyShapes, type RouteSweep, type Shape, V } from './harness.js';

/** The API docs, CORS preflights for every path, the refresh-cookie endpoints and the not-found answer. */
export const DOCS_CORS_SESSION_SWEEPS: RouteSweep[] = [
  // ── The API docs (Swagger UI and the OpenAPI document): read-only, public ──────────────────────────────
  {
    // As `onRoute` sees them (`GET /docs/` and the static files' wildcard are served too, and swept below).
    routes: ['GET /docs', 'HEAD /docs', 'HEAD /docs/', 'GET /docs/json', 'HEAD /docs/json', 'GET /docs/yaml', 'HEAD /docs/yaml', 'GET /docs/static/index.html', 'HEAD /docs/static/index.html', 'GET /docs/static/swagger-initializer.js', 'HEAD /docs/static/swagger-initializer.js', 'GET /docs/static/*', 'HEAD /docs/static/*'],
    cases: () => [
      ...['/docs/..%2F..%2Fpackage.json', '/docs/static/..%2F..%2F..%2Fpackage.json', '/docs/static/%2e%2e/%2e%2e/package.json', '/docs/%00', '/docs/static/%00.js', '/docs/static/%', '/docs/static/%ED%A0%80', `/docs/${'x'.repeat(5_000)}`, '/docs/static/.env', '/docs/static/../../../../etc/passwd']
        .map((url) => ({ label: url.slice(0, 60), request: { method: 'GET' as const, url }, shapes: ['api', 'html', 'text'] as Shape[] })),
      ...['/docs', '/docs/', '/docs/json', '/docs/yaml', '/docs/static/index.html', '/docs/static/swagger-initializer.js'].flatMap((url) => [
        { label: `${url} junk query`, request: { method: 'GET' as const, url: `${url}?url=%00&x=${'x'.repeat(4_000)}&__proto__=1` }, shapes: ['api'] as Shape[], mayPass: true },
        { label: `HEAD ${url}`, request: { method: 'HEAD' as const, url }, shapes: ['api'] as Shape[], mayPass: true },
      ]),
    ],
  },

  // ── CORS preflights, for every path ────────────────────────────────────────────────────────────────
  {
    routes: ['OPTIONS *'],
    cases: () =>
      [
        { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
        { origin: 'null', 'access-control-request-method': 'DELETE' },
        { origin: 'x'.repeat(8_000), 'access-control-request-method': 'GET' },
        { 'access-control-request-method': 'x'.repeat(8_000) },
        { origin: 'https://evil.example', 'access-control-request-headers': 'x, '.repeat(2_000) },
        {},
      ].flatMap((headers) =>
        ['/api/v1/deposit', '/webhook', `/media/%00`, `${V}/me`, '/nope'].map((url) => ({
          label: `${url} ${JSON.stringify(headers).slice(0, 60)}`,
          request: { method: 'OPTIONS' as const, url, headers },
          shapes: ['api'] as Shape[],
          mayPass: true,
        })),
      ),
  },
  // Contract endpoints the contract sweep leaves out (their only input is the refresh cookie): swept here too.
  {
    routes: ['POST /refresh_token', 'POST /logout'],
    cases: () =>
      ['/refresh_token', '/logout'].flatMap((url) => [
        ...['', 'garbage', 'x'.repeat(4_000), '%00', 'a.b.c', `${'0'.repeat(36)}.${'0'.repeat(43)}`].map((value) => ({ label: `${url} cookie ${JSON.stringify(value.slice(0, 20))}`, request: { method: 'POST' as const, url, cookies: { [REFRESH_COOKIE]: value } } })),
        ...bodyShapes({}).map(([label, shape]) => ({ label: `${url} body ${label}`, request: { method: 'POST' as const, url, ...shape, cookies: { [REFRESH_COOKIE]: 'garbage' } } })),
        { label: `${url} cross-site`, request: { method: 'POST' as const, url, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, cookies: { [REFRESH_COOKIE]: 'garbage' } } },
      ]).map((item) => ({ ...item, shapes: ['api'] as Shape[], mayPass: item.label.startsWith('/logout') && !item.label.includes('cross-site') && !/body (malformed|nested|JSON|__proto__|text|url|unknown|over|no content)/.test(item.label) })),
  },
  {
    // Not a route: the not-found answer, for paths no route has.
    routes: [],
    cases: () => ['/nope', '/nope%00', '/%ED%A0%80', `/${'x'.repeat(6_000)}`, '/api/v1/%', '/api/v1/facebook/thread/%00/x'].map((url) => ({ label: `unknown path ${url.slice(0, 30)}`, request: { method: 'GET' as const, url }, shapes: ['api'] as Shape[] })),
  },
];
