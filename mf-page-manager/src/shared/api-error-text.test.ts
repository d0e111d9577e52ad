import { initI18n } from '@pagemate/shared-contracts';
import { describe, expect, it } from 'vitest';
import { apiErrorText } from './api-error-text';

const common = {
  vi: { apiErrors: { NOT_FOUND: 'Không tìm thấy.', INTERNAL: 'Hệ thống gặp sự cố. Vui lòng thử lại.', NETWORK: 'Không kết nối được máy chủ.' } },
  en: { apiErrors: { NOT_FOUND: 'Not found.', INTERNAL: 'Something went wrong.', NETWORK: 'Cannot reach the server.' } },
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
});
