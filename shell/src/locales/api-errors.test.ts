import { AxiosError, AxiosHeaders } from 'axios';
import { apiErrorText, initI18n } from '@pagemate/shared-contracts';
import { describe, expect, it } from 'vitest';
import { shellNamespaces } from '.';

/** What axios rejects with when the API answers `status` with an error body. */
function apiError(status: number, code: string, headers: Record<string, string> = {}): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, undefined, {
    status,
    statusText: '',
    headers: new AxiosHeaders(headers),
    config,
    data: { status, code, message: 'Too many attempts. Please wait 8 seconds and try again.' },
  });
}

/** The shell's `common:apiErrors` texts as `apiErrorText` words the shell's own calls (axios) and RTK Query errors. */
describe('the shell’s API error sentences', () => {
  it('tells a slowed-down sign-in how many seconds to wait (Retry-After), in Vietnamese and English', async () => {
    const refused = apiError(429, 'RATE_LIMITED', { 'retry-after': '8' });
    const i18n = await initI18n('vi', shellNamespaces);
    await i18n.changeLanguage('vi');
    expect(apiErrorText(i18n.t, refused)).toBe('Bạn đã thử quá nhiều lần. Vui lòng đợi 8 giây rồi thử lại.');
    await i18n.changeLanguage('en');
    expect(apiErrorText(i18n.t, refused)).toBe('Too many attempts. Please wait 8 seconds and try again.');
  });

  it('tells the seconds of Retry-After that the base query kept on an RTK Query error', async () => {
    const i18n = await initI18n('en', shellNamespaces);
    await i18n.changeLanguage('en');
    expect(apiErrorText(i18n.t, { status: 429, code: 'RATE_LIMITED', message: 'slow down', retryAfter: 8 })).toBe('Too many attempts. Please wait 8 seconds and try again.');
    expect(apiErrorText(i18n.t, { status: 429, code: 'RATE_LIMITED', message: 'slow down' })).toBe('Too many attempts. Please wait 60 seconds and try again.');
  });

  it('words a refused id (400 VALIDATION_FAILED, the field named in issues) in Vietnamese and English', async () => {
    // What the server answers for `payment-status/not-a-uuid` (server/src/routes/payments.test.ts).
    const refused = apiError(400, 'VALIDATION_FAILED');
    const i18n = await initI18n('vi', shellNamespaces);
    await i18n.changeLanguage('vi');
    expect(apiErrorText(i18n.t, refused)).toBe('Một số trường chưa hợp lệ. Hãy kiểm tra và thử lại.');
    expect(apiErrorText(i18n.t, { status: 400, code: 'VALIDATION_FAILED', message: 'Invalid params', issues: [{ path: 'id', message: 'Invalid UUID' }] })).toBe(
      'Một số trường chưa hợp lệ. Hãy kiểm tra và thử lại.',
    );
    await i18n.changeLanguage('en');
    expect(apiErrorText(i18n.t, refused)).toBe('Some fields are not valid. Check them and try again.');
  });
});
