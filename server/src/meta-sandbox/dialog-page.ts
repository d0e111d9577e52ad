import { randomBytes } from 'node:crypto';
import type { DemoAccount } from './demo-data.js';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f0f2f5;margin:0;color:#1c1e21}
main{max-width:520px;margin:24px auto;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.12);padding:24px}
.badge{display:inline-block;background:#ffb020;color:#1c1e21;font-weight:700;border-radius:4px;padding:2px 8px;font-size:12px;letter-spacing:.05em}
h1{font-size:20px;margin:12px 0 4px}p{margin:4px 0 12px;color:#606770}
form.account{border:1px solid #dddfe2;border-radius:8px;padding:12px;margin:12px 0}
form.account button{background:#1877f2;color:#fff;border:0;border-radius:6px;padding:8px 14px;font-size:15px;cursor:pointer}
ul{margin:6px 0 10px;padding-left:20px;color:#444}small{color:#8a8d91}
.cancel{background:#e4e6eb;border:0;border-radius:6px;padding:8px 14px;font-size:15px;cursor:pointer}`;

function page(title: string, body: string) {
  const nonce = randomBytes(16).toString('base64');
  return {
    nonce,
    html: `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${body}</main></body></html>`,
  };
}

export interface DialogInput {
  accounts: readonly DemoAccount[];
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
}

/** The sandbox's "Log in with Facebook" dialog: pick a demo person; their pages come with the login. */
export function renderDialog({ accounts, clientId, redirectUri, state, scope }: DialogInput) {
  const hidden = [
    ['client_id', clientId],
    ['redirect_uri', redirectUri],
    ['state', state],
    ['scope', scope],
  ]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value ?? '')}">`)
    .join('');
  const choices = accounts
    .map(
      (account) => `<form class="account" method="post">${hidden}<input type="hidden" name="decision" value="allow">
<input type="hidden" name="account" value="${escapeHtml(account.id)}"><strong>${escapeHtml(account.name)}</strong>
<ul>${account.pages.map((p) => `<li>${escapeHtml(p.name)}${p.withoutToken ? ' <small>(không có quyền quản lý / no manage permission)</small>' : ''}</li>`).join('')}</ul>
<button type="submit">Tiếp tục với tên ${escapeHtml(account.name)} / Continue as ${escapeHtml(account.name)}</button></form>`,
    )
    .join('');
  const scopes = scope ? `<p><small>Quyền được yêu cầu / Requested permissions: ${escapeHtml(scope.split(',').join(', '))}</small></p>` : '';
  return page(
    'Meta sandbox — Đăng nhập bằng Facebook',
    `<span class="badge">META SANDBOX</span>
<h1>Meta sandbox: chọn tài khoản Facebook thử nghiệm</h1>
<p>Đây là môi trường thử nghiệm tích hợp sẵn của PageMate, không phải Facebook thật. Chọn một tài khoản mẫu để kết nối các trang của tài khoản đó.</p>
<p>This is PageMate's built-in test environment, not the real Facebook. Choose a demo account to connect its pages.</p>
${scopes}${choices}
<form method="post">${hidden}<input type="hidden" name="decision" value="cancel"><button class="cancel" type="submit">Huỷ / Cancel</button></form>`,
  );
}

export function renderDialogError(message: string) {
  return page('Meta sandbox — Lỗi / Error', `<span class="badge">META SANDBOX</span><h1>Không thể mở hộp thoại / The dialog cannot open</h1><p>${escapeHtml(message)}</p>`);
}
