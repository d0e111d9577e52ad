import type { InjectOptions } from 'fastify';
import { BAD_QUERY_VALUES, bodyShapes, fieldCases, PAYOS, pageShapes, pathCases, queryCases, type RouteSweep, type Shape, withShapes } from './harness.js';

/** The PayOS sandbox: its merchant API (x-client-id / x-api-key) and its checkout pages. */
export const PAYOS_SANDBOX_SWEEPS: RouteSweep[] = [
  {
    routes: [`POST ${PAYOS}/v2/payment-requests`],
    cases: (c) => {
      const url = `${PAYOS}/v2/payment-requests`;
      const base = { orderCode: 987_654_321, amount: 10_000, description: 'sweep', returnUrl: 'https://example.vn/ok', cancelUrl: 'https://example.vn/no', signature: 'f'.repeat(64), expiredAt: 4_102_444_800 };
      const send = (body: Record<string, unknown>): InjectOptions => ({ method: 'POST', url, payload: JSON.stringify(body), headers: { ...c.payos.headers, 'content-type': 'application/json' } });
      return [
        { label: 'no keys', request: { method: 'POST', url, payload: base }, shapes: ['payos'], statuses: [401] },
        { label: 'wrong api key', request: { method: 'POST', url, payload: base, headers: { ...c.payos.headers, 'x-api-key': 'x' } }, shapes: ['payos'], statuses: [401] },
        { label: 'keys with NUL', request: { method: 'POST', url, payload: base, headers: { 'x-client-id': '\u0000', 'x-api-key': '\u0000' } }, shapes: ['payos', 'api'], statuses: [400, 401] },
        ...fieldCases(base, Object.keys(base), send).map(withShapes(['payos', 'api'])),
        ...bodyShapes(base).map(([label, shape]) => ({ label: `body: ${label}`, request: { method: 'POST' as const, url, ...shape, headers: { ...c.payos.headers, ...shape.headers } }, shapes: ['payos', 'api'] as Shape[] })),
      ];
    },
  },
  {
    routes: [`GET ${PAYOS}/v2/payment-requests/:id`, `HEAD ${PAYOS}/v2/payment-requests/:id`, `POST ${PAYOS}/v2/payment-requests/:id/cancel`],
    cases: (c) => [
      { label: 'GET without keys', request: { method: 'GET' as const, url: `${PAYOS}/v2/payment-requests/${c.payos.linkA}` }, statuses: [401] },
      { label: 'cancel without keys', request: { method: 'POST' as const, url: `${PAYOS}/v2/payment-requests/${c.payos.linkB}/cancel` }, statuses: [401] },
      { label: 'GET with a wrong client id', request: { method: 'GET' as const, url: `${PAYOS}/v2/payment-requests/${c.payos.linkA}`, headers: { ...c.payos.headers, 'x-client-id': 'x' } }, statuses: [401] },
      ...pathCases('GET', `${PAYOS}/v2/payment-requests/:id`, { headers: c.payos.headers }),
      ...pathCases('POST', `${PAYOS}/v2/payment-requests/:id/cancel`, { headers: c.payos.headers }),
      { label: 'cancel with a JSON body of junk', request: { method: 'POST' as const, url: `${PAYOS}/v2/payment-requests/not-an-id/cancel`, headers: { ...c.payos.headers, 'content-type': 'application/json' }, payload: '{' } },
      { label: "GET B's payment id (ours, not PayOS's)", request: { method: 'GET' as const, url: `${PAYOS}/v2/payment-requests/${c.payos.paymentB}`, headers: c.payos.headers }, statuses: [404] },
    ].map((item) => ({ shapes: ['payos', 'api'] as Shape[], ...item })),
  },
  {
    routes: [`GET ${PAYOS}/checkout/:id`, `HEAD ${PAYOS}/checkout/:id`],
    cases: (c) => [
      ...pathCases('GET', `${PAYOS}/checkout/:id`),
      { label: "B's payment id (the API's, not the link's)", request: { method: 'GET' as const, url: `${PAYOS}/checkout/${c.payos.paymentB}` }, statuses: [404] },
      { label: "B's order code", request: { method: 'GET' as const, url: `${PAYOS}/checkout/${c.payos.orderCodeB}` }, statuses: [404] },
      { label: 'a link id upper-cased', request: { method: 'GET' as const, url: `${PAYOS}/checkout/${c.payos.linkA.toUpperCase()}` }, statuses: [404] },
      ...queryCases(`${PAYOS}/checkout/${c.payos.linkA}`, { lang: 'vi' }, ['lang']).map((item) => ({ ...item, mayPass: true })),
      { label: 'accept-language junk', request: { method: 'GET' as const, url: `${PAYOS}/checkout/${c.payos.linkA}`, headers: { 'accept-language': `${'x;q=0.'.repeat(2_000)}` } }, mayPass: true },
    ].map((item) => ({ shapes: pageShapes, ...item })),
  },
  {
    routes: [`POST ${PAYOS}/checkout/:id/pay`, `POST ${PAYOS}/checkout/:id/cancel`],
    cases: (c) =>
      (['pay', 'cancel'] as const).flatMap((action) => [
        ...pathCases('POST', `${PAYOS}/checkout/:id/${action}`),
        { label: `${action}: B's payment id`, request: { method: 'POST' as const, url: `${PAYOS}/checkout/${c.payos.paymentB}/${action}` }, statuses: [404] },
        { label: `${action}: B's order code`, request: { method: 'POST' as const, url: `${PAYOS}/checkout/${c.payos.orderCodeB}/${action}` }, statuses: [404] },
        // On an unknown link, whatever the body: the page says not found.
        ...bodyShapes({ lang: 'vi' }).map(([label, shape]) => ({ label: `${action}: body ${label}`, request: { method: 'POST' as const, url: `${PAYOS}/checkout/${'0'.repeat(32)}/${action}`, ...shape } })),
        ...BAD_QUERY_VALUES.map((value) => ({ label: `${action}: form lang ${JSON.stringify(value.slice(0, 20))}`, request: { method: 'POST' as const, url: `${PAYOS}/checkout/${'0'.repeat(32)}/${action}`, payload: `lang=${value}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, statuses: [404, 413] })),
        { label: `${action}: form over 4 KiB`, request: { method: 'POST' as const, url: `${PAYOS}/checkout/${c.payos.linkA}/${action}`, payload: `lang=${'x'.repeat(5_000)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, statuses: [413] },
      ]).map((item) => ({ shapes: pageShapes, ...item })),
  },

];
