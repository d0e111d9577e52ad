import { randomBytes } from 'node:crypto';
import { FACEBOOK_CONNECT_MESSAGE_SOURCE, FACEBOOK_CONNECT_PATH } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ConnectError, type ConnectResult } from '../plugins/app/facebook/facebook-service.js';

const callbackQuery = z.object({
  code: z.string().max(4_000).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});

/** `<` and friends escaped so a value can never close the script element it is embedded in. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * The page the popup lands on: it posts the outcome to the shell's origin only (never `*`) and closes.
 * No real token is in it — success carries the masked token as a marker. Its one script runs under a nonce.
 */
export function renderConnectResult(shellOrigin: string, message: Record<string, unknown>) {
  const nonce = randomBytes(16).toString('base64');
  const ok = !('error' in message);
  const text = ok ? 'Kết nối thành công! / Connected. You can close this window.' : 'Kết nối thất bại / Connection failed. You can close this window.';
  const html = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>PageMate — Facebook</title></head>
<body><p>${text}</p><script nonce="${nonce}">
(function () {
  var message = ${scriptJson(message)};
  try { if (window.opener) window.opener.postMessage(message, ${scriptJson(shellOrigin)}); } finally { window.close(); }
})();
</script></body></html>`;
  return { html, nonce };
}

/** The OAuth redirect target (public: the browser arrives here from the dialog, with `code` and `state`). */
export default async function facebookConnectRoutes(app: FastifyInstance) {
  app.get(`/${FACEBOOK_CONNECT_PATH}`, { config: { auth: 'public' }, logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    const parsed = callbackQuery.safeParse(request.query);
    let message: Record<string, unknown>;
    let status = 200;
    try {
      const result: ConnectResult = await app.facebook.completeConnect(parsed.success ? parsed.data : {});
      request.log.info({ userId: result.userId, pages: result.pages }, 'facebook account connected');
      message = { source: FACEBOOK_CONNECT_MESSAGE_SOURCE, access_token: result.maskedToken, name_fb: result.accountName, pages: result.pages };
    } catch (error) {
      if (!(error instanceof ConnectError)) throw error;
      request.log.warn({ reason: error.reason, detail: error.message }, 'facebook connect failed');
      status = error.reason === 'access_denied' ? 200 : 400;
      message = { source: FACEBOOK_CONNECT_MESSAGE_SOURCE, error: error.reason };
    }
    const page = renderConnectResult(app.config.shellOrigin, message);
    return reply
      .status(status)
      .header('content-security-policy', `default-src 'none'; script-src 'nonce-${page.nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`)
      // This page must still see `window.opener` (the shell) to post the result: no COOP isolation here.
      .header('cross-origin-opener-policy', 'unsafe-none')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(page.html);
  });
}
