import { randomBytes } from 'node:crypto';
import { formatDateTime, formatVnd } from '@pagemate/shared-contracts/contracts';
import { escapeHtml } from '../meta-sandbox/dialog-page.js';
import type { SandboxRequestRow } from './sandbox-store.js';

export type CheckoutLang = 'vi' | 'en';

/** `?lang=en` wins; otherwise English when the browser ranks an `en` language above any `vi` one. */
export function checkoutLang(queryLang: string | undefined, acceptLanguage: string | undefined): CheckoutLang {
  if (queryLang === 'en' || queryLang === 'vi') return queryLang;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag.length > 0)
    .sort((a, b) => b.q - a.q);
  const first = ranked.find((entry) => entry.tag.startsWith('en') || entry.tag.startsWith('vi'));
  return first?.tag.startsWith('en') ? 'en' : 'vi';
}

const TEXT = {
  vi: {
    badge: 'SANDBOX — KHÔNG DÙNG TIỀN THẬT',
    title: 'Thanh toán thử nghiệm',
    intro: 'Đây là cổng thanh toán thử nghiệm tích hợp sẵn của PageMate (tương thích PayOS). Không có tiền thật nào được chuyển.',
    merchant: 'Người nhận',
    amount: 'Số tiền',
    order: 'Mã đơn hàng',
    description: 'Nội dung',
    expires: 'Hết hạn lúc',
    pay: 'Thanh toán',
    cancel: 'Hủy',
    closed: { PAID: 'Đơn này đã được thanh toán.', CANCELLED: 'Đơn này đã bị hủy.', EXPIRED: 'Đơn này đã hết hạn, không thể thanh toán.', PENDING: '' },
    notFound: 'Không tìm thấy đơn thanh toán.',
    back: 'Quay lại PageMate',
  },
  en: {
    badge: 'SANDBOX — NO REAL MONEY',
    title: 'Test payment',
    intro: "This is PageMate's built-in test checkout (PayOS-compatible). No real money is moved.",
    merchant: 'Merchant',
    amount: 'Amount',
    order: 'Order code',
    description: 'Description',
    expires: 'Expires at',
    pay: 'Pay',
    cancel: 'Cancel',
    closed: { PAID: 'This order has already been paid.', CANCELLED: 'This order was cancelled.', EXPIRED: 'This order has expired and can no longer be paid.', PENDING: '' },
    notFound: 'Payment request not found.',
    back: 'Back to PageMate',
  },
} as const;

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f0f2f5;margin:0;color:#1c1e21}
main{max-width:480px;margin:24px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.12);padding:24px}
.badge{display:inline-block;background:#ffb020;color:#1c1e21;font-weight:700;border-radius:4px;padding:2px 8px;font-size:12px;letter-spacing:.05em}
h1{font-size:22px;margin:12px 0 4px}p{margin:4px 0 12px;color:#606770}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:16px 0}dt{color:#606770}dd{margin:0;font-weight:600}
.amount{font-size:24px;color:#0b7a3b}.actions{display:flex;gap:12px;margin-top:16px}form{margin:0}
button{border:0;border-radius:8px;padding:10px 20px;font-size:16px;cursor:pointer}
.pay{background:#0b7a3b;color:#fff}.cancel{background:#e4e6eb;color:#1c1e21}.notice{font-weight:600;color:#b3261e}
a{color:#1877f2}`;

export interface HtmlPage {
  html: string;
  nonce: string;
}

function page(lang: CheckoutLang, title: string, body: string): HtmlPage {
  const nonce = randomBytes(16).toString('base64');
  return {
    nonce,
    html: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${body}</main></body></html>`,
  };
}

/** Vietnam time, whatever the server's zone, in the page's language. */
const vietnamTime = (date: Date, lang: CheckoutLang) => formatDateTime(date.toISOString(), lang);

/** The checkout: what is paid to whom, and the two decisions (each a form posting back to the sandbox). */
export function renderCheckout(request: SandboxRequestRow, lang: CheckoutLang, notice?: string): HtmlPage {
  const t = TEXT[lang];
  const base = `/payos-sandbox/checkout/${encodeURIComponent(request.id)}`;
  const hidden = `<input type="hidden" name="lang" value="${lang}">`;
  const closed = request.status !== 'PENDING';
  const message = notice ?? (closed ? t.closed[request.status as keyof typeof t.closed] : '');
  const actions = closed
    ? `<p><a href="${escapeHtml(request.returnUrl)}">${t.back}</a></p>`
    : `<div class="actions"><form method="post" action="${base}/pay">${hidden}<button class="pay" type="submit" data-testid="sandbox-pay">${t.pay}</button></form>
<form method="post" action="${base}/cancel">${hidden}<button class="cancel" type="submit" data-testid="sandbox-cancel">${t.cancel}</button></form></div>`;
  return page(
    lang,
    `${t.title} — PageMate`,
    `<span class="badge" data-testid="sandbox-badge">${t.badge}</span>
<h1>${t.title}</h1><p>${t.intro}</p>
<dl><dt>${t.merchant}</dt><dd>PageMate</dd>
<dt>${t.amount}</dt><dd class="amount" data-testid="sandbox-amount">${formatVnd(request.amount)}</dd>
<dt>${t.order}</dt><dd data-testid="sandbox-order-code">${request.orderCode}</dd>
<dt>${t.description}</dt><dd>${escapeHtml(request.description)}</dd>
<dt>${t.expires}</dt><dd>${vietnamTime(request.expiredAt, lang)}</dd></dl>
${message ? `<p class="notice" data-testid="sandbox-notice">${escapeHtml(message)}</p>` : ''}${actions}`,
  );
}

export function renderNotFound(lang: CheckoutLang): HtmlPage {
  const t = TEXT[lang];
  return page(lang, t.title, `<span class="badge">${t.badge}</span><h1>${t.notFound}</h1>`);
}
