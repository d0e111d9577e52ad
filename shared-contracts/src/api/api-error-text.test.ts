import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { apiErrorCode, apiErrorIssues, apiErrorText } from './api-error-text';
import { apiErrorSentence } from './error-sentence';

/** What the axios client rejects with when the API answers `status` with `body`, or when no answer came. */
function axiosRejection(answer?: { status: number; body: unknown; headers?: Record<string, string> }): AxiosError {
  const config = { headers: new AxiosHeaders() };
  if (!answer) return new AxiosError('timeout of 30000ms exceeded', 'ECONNABORTED', config);
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, undefined, {
    status: answer.status,
    statusText: '',
    headers: new AxiosHeaders(answer.headers ?? {}),
    config,
    data: answer.body,
  });
}

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

  it("reads what the axios client rejects with: the server's code and Retry-After, or no answer at all", async () => {
    const i18n = await initI18n('vi', { common });
    const t = i18n.getFixedT('en', 'common');
    const limited = axiosRejection({ status: 429, body: { status: 429, code: 'RATE_LIMITED', message: 'slow down' }, headers: { 'retry-after': '8' } });
    expect(apiErrorText(t, limited)).toBe('Wait 8 s.');
    expect(apiErrorCode(limited)).toBe('RATE_LIMITED');
    expect(apiErrorText(t, axiosRejection({ status: 404, body: { status: 404, code: 'NOT_FOUND', message: '' } }))).toBe('Not found.');
    expect(apiErrorText(t, axiosRejection())).toBe('Cannot reach the server.');
    expect(apiErrorText(t, axiosRejection({ status: 502, body: '<html>Bad gateway</html>' }))).toBe('Something went wrong.');
    const refused = axiosRejection({ status: 400, body: { status: 400, code: 'VALIDATION_FAILED', message: 'Invalid body', issues: [{ path: 'user_email', message: 'Invalid email' }] } });
    expect(apiErrorIssues(refused)).toEqual([{ path: 'user_email', message: 'Invalid email' }]);
  });

  it('words a bare code and Retry-After header the same way (the light sign-in pages)', async () => {
    const i18n = await initI18n('vi', { common, balance });
    const t = i18n.getFixedT('en', 'common');
    expect(apiErrorSentence(t, 'RATE_LIMITED', '8')).toBe('Wait 8 s.');
    expect(apiErrorSentence(t, 'RATE_LIMITED', null)).toBe('Wait 60 s.');
    expect(apiErrorSentence(t, 'RATE_LIMITED', 'Fri, 27 Nov 2026 20:00:00 GMT')).toBe('Wait 60 s.');
    expect(apiErrorSentence(t, 'NETWORK')).toBe('Cannot reach the server.');
    expect(apiErrorSentence(t, undefined)).toBe('Something went wrong.');
    expect(apiErrorSentence(i18n.getFixedT('en', 'balance'), 'NOT_FOUND', null, 'balance')).toBe('No such deposit.');
  });

  it('reads the code of stream errors too (anything carrying a known code)', () => {
    expect(apiErrorCode({ type: 'error', code: 'INSUFFICIENT_BALANCE' })).toBe('INSUFFICIENT_BALANCE');
    expect(apiErrorCode({ code: 'SOMETHING_ELSE' })).toBe('INTERNAL');
    expect(apiErrorCode(null)).toBe('INTERNAL');
  });
});

describe('apiErrorIssues', () => {
  it('keeps the well-formed field issues of a refusal, none for any other failure', () => {
    const issue = { path: 'content', message: 'Too long.' };
    expect(apiErrorIssues({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid body', issues: [issue, { path: 3 }, null] })).toEqual([issue]);
    expect(apiErrorIssues({ status: 409, code: 'CONFLICT', message: 'taken' })).toEqual([]);
    expect(apiErrorIssues({ issues: 'content' })).toEqual([]);
    expect(apiErrorIssues(new Error('boom'))).toEqual([]);
    expect(apiErrorIssues(undefined)).toEqual([]);
  });
});
