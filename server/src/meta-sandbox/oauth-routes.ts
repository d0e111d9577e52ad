import { sameSecret } from '../http/same-secret.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONNECT_SCOPES } from '../plugins/app/facebook/facebook-connect.js';
import { INSTAGRAM_SCOPES } from '../plugins/app/facebook/instagram-link.js';
import { demoAccount, DEMO_ACCOUNTS } from './demo-data.js';
import { renderDialog, renderDialogError } from './dialog-page.js';
import { fail, paramsOf, text, V } from './graph-kit.js';
import type { SandboxGrant } from './sandbox-tokens.js';

const SHORT_TOKEN_SECONDS = 2 * 3600;
const LONG_TOKEN_SECONDS = 60 * 24 * 3600;
const CODE_SECONDS = 10 * 60;
/** What a token from before the sandbox kept permissions holds: everything PageMate asks for. */
const SANDBOX_PERMISSIONS = [...CONNECT_SCOPES, ...INSTAGRAM_SCOPES];

/** What the login routes borrow from the sandbox's Graph routes. */
export interface OAuthKit {
  authenticate(request: FastifyRequest): SandboxGrant;
  pageName(grant: SandboxGrant & { k: 'page' }): string;
}

/**
 * Facebook Login as the sandbox plays it: the dialog (a demo person to choose), the code and token exchanges,
 * `me`, what was granted (`me/permissions`) and the person's pages with their tokens (`me/accounts`). Codes and
 * tokens carry the permissions the dialog asked.
 */
export function registerOAuthRoutes(app: FastifyInstance, { authenticate, pageName }: OAuthKit) {
  const { meta, metaSandbox, sandboxRepository: repo } = app;
  const tokens = metaSandbox.tokens;
  const nowSeconds = () => Math.floor(app.clock.now().getTime() / 1000);

  /**
   * Whose sandbox the dialog opens: the PageMate user who asked for its `state`. Each user connects copies of the
   * demo people's pages of their own, so a dialog without a usable state has nobody's pages to show.
   */
  const dialogTenant = async (state: string | undefined) => (state ? app.facebook.connectStateOwner(state) : undefined);
  const unknownState = () =>
    renderDialogError('This connect link is unknown, expired or already used: start again from PageMate / Liên kết kết nối không hợp lệ, đã hết hạn hoặc đã dùng: hãy bắt đầu lại từ PageMate');

  const html = (reply: FastifyReply, status: number, page: { html: string; nonce: string }) =>
    reply
      .status(status)
      .header('content-security-policy', `default-src 'none'; style-src 'nonce-${page.nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`)
      // Opened as the connect popup: a same-origin COOP would cut the popup off from the shell (no opener).
      .header('cross-origin-opener-policy', 'unsafe-none')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page.html);

  // ── OAuth dialog ────────────────────────────────────────────────────────────────────────────────────
  app.get(`${V}/dialog/oauth`, async (request, reply) => {
    const p = paramsOf(request);
    if (p.client_id !== meta.appId) return html(reply, 400, renderDialogError('Invalid App ID / Mã ứng dụng không hợp lệ'));
    if (p.redirect_uri !== meta.redirectUri) {
      return html(reply, 400, renderDialogError("URL blocked: this redirect URI is not whitelisted / URL chuyển hướng không nằm trong danh sách cho phép"));
    }
    if ((p.response_type ?? 'code') !== 'code') return html(reply, 400, renderDialogError('Unsupported response_type'));
    if (!(await dialogTenant(text(p.state)))) return html(reply, 400, unknownState());
    return html(reply, 200, renderDialog({ accounts: DEMO_ACCOUNTS, clientId: p.client_id, redirectUri: p.redirect_uri, state: p.state ?? '', scope: p.scope ?? '' }));
  });

  app.post(`${V}/dialog/oauth`, async (request, reply) => {
    const p = paramsOf(request);
    if (p.client_id !== meta.appId || p.redirect_uri !== meta.redirectUri) return html(reply, 400, renderDialogError('Invalid request'));
    const target = new URL(p.redirect_uri);
    if (p.decision !== 'allow') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_code', '200');
      target.searchParams.set('error_description', 'Permissions error');
      target.searchParams.set('error_reason', 'user_denied');
    } else {
      const account = demoAccount(text(p.account) ?? '');
      if (!account) return html(reply, 400, renderDialogError('Unknown demo account'));
      const tenant = await dialogTenant(text(p.state));
      if (!tenant) return html(reply, 400, unknownState());
      const scopes = [...new Set((text(p.scope) ?? '').split(',').map((item) => item.trim()).filter(Boolean))];
      target.searchParams.set('code', tokens.issue({ k: 'code', t: tenant, u: account.id, r: p.redirect_uri, exp: nowSeconds() + CODE_SECONDS, s: scopes }));
    }
    const state = text(p.state);
    if (state) target.searchParams.set('state', state);
    // Browsers apply COOP on redirects too: this hop must not isolate the popup from the shell either.
    return reply.header('cross-origin-opener-policy', 'unsafe-none').redirect(target.toString(), 303);
  });

  // ── Tokens ──────────────────────────────────────────────────────────────────────────────────────────
  app.get(`${V}/oauth/access_token`, async (request) => {
    const p = paramsOf(request);
    if (p.client_id !== meta.appId) throw fail(400, 'Error validating application. Invalid application ID.', 101);
    const secret = text(p.client_secret);
    if (!secret || !sameSecret(secret, meta.appSecret)) throw fail(400, 'Error validating client secret.', 1);
    if (p.grant_type === 'fb_exchange_token') {
      const grant = tokens.open(text(p.fb_exchange_token) ?? '');
      if (grant?.k !== 'user') throw fail(400, 'Invalid OAuth access token - Cannot parse access token', 190);
      if (grant.exp <= nowSeconds()) throw fail(400, 'Error validating access token: Session has expired.', 190, 'OAuthException', 463);
      return { access_token: tokens.issue({ k: 'user', t: grant.t, u: grant.u, long: true, exp: nowSeconds() + LONG_TOKEN_SECONDS, s: grant.s }), token_type: 'bearer', expires_in: LONG_TOKEN_SECONDS };
    }
    const code = tokens.open(text(p.code) ?? '');
    if (code?.k !== 'code') throw fail(400, 'Invalid verification code format.', 100, 'OAuthException', 36007);
    if (code.r !== p.redirect_uri) {
      throw fail(400, 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request', 100, 'OAuthException', 36008);
    }
    if (code.exp <= nowSeconds()) throw fail(400, 'This authorization code has expired.', 100, 'OAuthException', 36007);
    if (!(await repo.useCode(code.n, app.clock.now()))) throw fail(400, 'This authorization code has been used.', 100, 'OAuthException', 36009);
    return { access_token: tokens.issue({ k: 'user', t: code.t, u: code.u, long: false, exp: nowSeconds() + SHORT_TOKEN_SECONDS, s: code.s }), token_type: 'bearer', expires_in: SHORT_TOKEN_SECONDS };
  });

  // ── Nodes ───────────────────────────────────────────────────────────────────────────────────────────
  app.get(`${V}/me`, async (request) => {
    const grant = authenticate(request);
    if (grant.k === 'page') return { id: grant.p, name: pageName(grant) };
    const account = demoAccount(grant.u);
    if (!account) throw fail(400, 'Invalid OAuth access token - Cannot parse access token', 190);
    return { id: account.id, name: account.name };
  });

  // What the person granted in the dialog, as Meta lists it.
  app.get(`${V}/me/permissions`, async (request) => {
    const grant = authenticate(request);
    if (grant.k !== 'user') throw fail(400, '(#100) Tried accessing nonexisting field (permissions) on node type (Page)', 100, 'OAuthException');
    return { data: (grant.s ?? SANDBOX_PERMISSIONS).map((permission) => ({ permission, status: 'granted' })) };
  });

  const accounts = (request: FastifyRequest, userId: string) => {
    const grant = authenticate(request);
    if (grant.k !== 'user') throw fail(400, '(#100) Tried accessing nonexisting field (accounts) on node type (Page)', 100, 'OAuthException');
    if (userId !== 'me' && userId !== grant.u) throw fail(400, '(#200) The user has not authorized this application to access this user', 200);
    const account = demoAccount(grant.u);
    return {
      data: (account?.pages ?? []).map((page) => ({
        id: metaSandbox.pageIdOf(grant.t, page.id),
        name: page.name,
        category: page.category,
        ...(page.withoutToken
          ? { tasks: ['ANALYZE'] }
          : { access_token: tokens.issue({ k: 'page', t: grant.t, u: grant.u, p: metaSandbox.pageIdOf(grant.t, page.id), d: page.id, s: grant.s }), tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'] }),
      })),
      paging: { cursors: { before: 'QVFIUmJlZA', after: 'QVFIUmFmdA' } },
    };
  };
  app.get(`${V}/me/accounts`, async (request) => accounts(request, 'me'));
  app.get<{ Params: { userId: string } }>(`${V}/:userId/accounts`, async (request) => accounts(request, request.params.userId));
}
