import { randomBytes } from 'node:crypto';
import { FACEBOOK_CONNECT_MESSAGE_SOURCE, FACEBOOK_CONNECT_PATH } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ConnectError } from '../plugins/app/facebook/facebook-connect.js';

const callbackQuery = z.object({
  code: z.string().max(4_000).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});

/** `<` and friends escaped so a value can never close the script element it is embedded in. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const TEXT = {
  handOff: 'Đang hoàn tất kết nối trong PageMate… / Finishing the connection in PageMate…',
  failed: 'Kết nối thất bại: chưa có gì được kết nối. Bạn có thể đóng cửa sổ này. / Connection failed: nothing was connected. You can close this window.',
  notOpenedByPageMate:
    'Cửa sổ này không được mở từ trang Quản lý trang của PageMate nên chưa có gì được kết nối. Hãy quay lại PageMate và bấm “Kết nối Facebook”. / ' +
    'This window was not opened by PageMate’s page manager, so nothing was connected. Go back to PageMate and press “Connect Facebook”.',
};

/**
 * The page the popup lands on: it hands the dialog's answer to the shell's origins only (never `*`: the browser
 * delivers it only when the opener is at one of them, so the shell opened at any address CORS_ORIGINS allows
 * gets it) and closes. Opened by anything but the page manager (a link in a message, a new tab), it has no
 * opener and says that nothing was connected. Its one script runs under a nonce.
 */
export function renderConnectResult(shellOrigins: readonly string[], message: Record<string, unknown>) {
  const nonce = randomBytes(16).toString('base64');
  const text = 'error' in message ? TEXT.failed : TEXT.handOff;
  const html = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>PageMate — Facebook</title></head>
<body><p id="status">${text}</p><p id="orphan" hidden>${TEXT.notOpenedByPageMate}</p><script nonce="${nonce}">
(function () {
  var message = ${scriptJson(message)};
  if (!window.opener) {
    document.getElementById('status').hidden = true;
    document.getElementById('orphan').hidden = false;
    return;
  }
  var origins = ${scriptJson(shellOrigins)};
  try { for (var i = 0; i < origins.length; i += 1) window.opener.postMessage(message, origins[i]); } finally { window.close(); }
})();
</script></body></html>`;
  return { html, nonce };
}

/**
 * The OAuth redirect target (public: the browser arrives here from the dialog, with `code` and `state`). It
 * stores nothing: the page manager that opened the popup finishes through `facebookConnectComplete`, with its
 * own session, and the server checks the state was that account's.
 */
export default async function facebookConnectRoutes(app: FastifyInstance) {
  const shellOrigins = [...new Set([app.config.shellOrigin, ...app.config.corsOrigins])];
  app.get(`/${FACEBOOK_CONNECT_PATH}`, { config: { auth: 'public' }, logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    const parsed = callbackQuery.safeParse(request.query);
    let message: Record<string, unknown>;
    let status = 200;
    try {
      const { code, state } = await app.facebook.readCallback(parsed.success ? parsed.data : {});
      message = { source: FACEBOOK_CONNECT_MESSAGE_SOURCE, code, state };
    } catch (error) {
      if (!(error instanceof ConnectError)) throw error;
      request.log.warn({ reason: error.reason, detail: error.message }, 'facebook connect failed');
      status = error.reason === 'access_denied' ? 200 : 400;
      message = { source: FACEBOOK_CONNECT_MESSAGE_SOURCE, error: error.reason };
    }
    const page = renderConnectResult(shellOrigins, message);
    return reply
      .status(status)
      .header('content-security-policy', `default-src 'none'; script-src 'nonce-${page.nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`)
      // This page must still see `window.opener` (the shell) to hand the answer over: no COOP isolation here.
      .header('cross-origin-opener-policy', 'unsafe-none')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(page.html);
  });
}
