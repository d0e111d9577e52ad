import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { apiErrorCode, apiErrorText } from './api-error-text';

const common = {
  vi: {
    apiErrors: {
      NOT_FOUND: 'Không tìm thấy.',
      INTERNAL: 'Hệ thống gặp sự cố. Vui lòng thử lại.',
      NETWORK: 'Không kết nối được máy chủ.',
      RATE_LIMITED: 'Vui lòng đợi {{seconds}} giây.',
    },
  },
  en: { apiErrors: { NOT_FOUND: 'Not found.', INTERNAL: 'Something went wrong.', NETWORK: 'Cannot reach the server.', RATE_LIMITED: 'Wait {{seconds}} s.' } },
};
const balance = {
  vi: { apiErrors: { NOT_FOUND: 'Không tìm thấy khoản nạp.', INTERNAL: 'Không tải được số dư.' } },
  en: { apiErrors: { NOT_FOUND: 'No such deposit.', INTERNAL: 'The balance could not be loaded.' } },
};

describe('apiErrorText', () => {
  it('translates the RTK Query error code through common:apiErrors, unknown codes as INTERNAL', async () => {
    const i18n = await initI18n('vi', { common });
    await i18n.changeLanguage('vi');
    const t = i18n.getFixedT('vi', 'page-manager');
    expect(apiErrorText(t, { status: 404, code: 'NOT_FOUND', message: 'no such identity' })).toBe('Không tìm thấy.');
    expect(apiErrorText(t, { status: 'NETWORK', code: 'NETWORK', message: 'timeout' })).toBe('Không kết nối được máy chủ.');
    expect(apiErrorText(t, { status: 418, code: 'TEAPOT', message: '?' })).toBe('Hệ thống gặp sự cố. Vui lòng thử lại.');
    expect(apiErrorText(i18n.getFixedT('en', 'page-manager'), new Error('boom'))).toBe('Something went wrong.');
  });

  it("tries the remote's own wording first, then the common one, then the remote's generic failure", async () => {
    const i18n = await initI18n('vi', { common, balance });
    const t = i18n.getFixedT('vi', 'balance');
    expect(apiErrorText(t, { status: 404, code: 'NOT_FOUND', message: '' }, 'balance')).toBe('Không tìm thấy khoản nạp.');
    expect(apiErrorText(t, { status: 'NETWORK', code: 'NETWORK', message: '' }, 'balance')).toBe('Không kết nối được máy chủ.');
    expect(apiErrorText(t, 'thrown text', 'balance')).toBe('Không tải được số dư.');
  });

  it("says how long to wait from the server's Retry-After, a minute when it was not kept", async () => {
    const i18n = await initI18n('vi', { common });
    const t = i18n.getFixedT('en', 'common');
    expect(apiErrorText(t, { status: 429, code: 'RATE_LIMITED', message: '', retryAfter: 7.2 })).toBe('Wait 8 s.');
    expect(apiErrorText(t, { status: 429, code: 'RATE_LIMITED', message: '' })).toBe('Wait 60 s.');
  });

  it('reads the code of stream errors too (anything carrying a known code)', () => {
    expect(apiErrorCode({ type: 'error', code: 'INSUFFICIENT_BALANCE' })).toBe('INSUFFICIENT_BALANCE');
    expect(apiErrorCode({ code: 'SOMETHING_ELSE' })).toBe('INTERNAL');
    expect(apiErrorCode(null)).toBe('INTERNAL');
  });
});
