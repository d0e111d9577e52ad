import { POST_FAILURES } from '@pagemate/shared-contracts';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { crmTranslators } from '../../test/page-helpers';
import { failureText } from './post-failure';

let tVi: TFunction;
let tEn: TFunction;
beforeAll(async () => {
  ({ tVi, tEn } = await crmTranslators());
});

describe('why a post was not published', () => {
  it('says every reason the server gives in Vietnamese and in English, never a bare key', () => {
    for (const code of POST_FAILURES) {
      for (const t of [tVi, tEn]) {
        const text = failureText(t, { error_code: code, error: null });
        expect(text, code).not.toContain('posts.failure');
        expect(text.length, code).toBeGreaterThan(20);
      }
      expect(failureText(tVi, { error_code: code, error: null }), code).not.toBe(failureText(tEn, { error_code: code, error: null }));
    }
  });

  it("adds the details after the reason: the publishing limit's figures, Meta's own words", () => {
    expect(failureText(tVi, { error_code: 'instagram_quota', error: '50/50' })).toBe('Không đăng được: Đã hết lượt đăng bài Instagram trong 24 giờ — 50/50');
    expect(failureText(tEn, { error_code: 'instagram_quota', error: '50/50' })).toBe("Not posted: Instagram's publishing limit for 24 hours is used up — 50/50");
    expect(failureText(tVi, { error_code: 'reconnect', error: 'Error validating access token (code 190)' })).toContain('hãy kết nối lại tài khoản Facebook — Error validating access token (code 190)');
  });

  it('shows the stored text of a run that failed before reasons were kept, or says none was given', () => {
    expect(failureText(tVi, { error_code: null, error: 'Phiên đăng nhập Facebook đã hết hạn' })).toBe('Không đăng được: Phiên đăng nhập Facebook đã hết hạn');
    expect(failureText(tEn, { error_code: null, error: null })).toBe('Not posted: Facebook gave no reason');
  });
});
