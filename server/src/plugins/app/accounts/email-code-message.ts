import type { EmailCodePurpose } from '../../../db/schema/index.js';
import type { MailMessage } from '../mailer.js';

export const EMAIL_CODE_TTL_MINUTES = 10;

const TEXTS: Record<EmailCodePurpose, { subject: string; vi: string; en: string }> = {
  register: {
    subject: 'Mã xác minh PageMate / PageMate verification code',
    vi: 'Mã xác minh email của bạn để tạo tài khoản PageMate là',
    en: 'Your code to verify your email and create your PageMate account is',
  },
  reset: {
    subject: 'Mã đặt lại mật khẩu PageMate / PageMate password reset code',
    vi: 'Mã đặt lại mật khẩu PageMate của bạn là',
    en: 'Your PageMate password reset code is',
  },
};

/** The email that carries a code, Vietnamese first (the product's default language), then English. */
export function emailCodeMessage(to: string, purpose: EmailCodePurpose, code: string): MailMessage {
  const t = TEXTS[purpose];
  const text = [
    `${t.vi}: ${code}`,
    `Mã có hiệu lực trong ${EMAIL_CODE_TTL_MINUTES} phút và chỉ dùng được một lần. Nếu bạn không yêu cầu mã này, hãy bỏ qua email này; đừng chia sẻ mã với bất kỳ ai.`,
    '',
    '—',
    '',
    `${t.en}: ${code}`,
    `It is valid for ${EMAIL_CODE_TTL_MINUTES} minutes and works once. If you did not ask for it, ignore this email; never share the code with anyone.`,
    '',
  ].join('\n');
  return { to, subject: t.subject, text };
}
