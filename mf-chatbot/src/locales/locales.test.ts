import { missingKeys, SPEC_MESSAGES, UPLOAD_MESSAGES } from '@pagemate/shared-contracts/contracts';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import vi from './vi.json';

describe('mf-chatbot locales', () => {
  it('has every key in both languages and none empty', () => {
    expect(missingKeys(vi, en)).toEqual({ missingInVi: [], missingInEn: [], empty: [] });
  });

  it('uses the product texts for upload and copy in English (docs/product.md §5, §8), translated in Vietnamese', () => {
    expect(en.upload.success).toBe(UPLOAD_MESSAGES.success);
    expect(en.upload.failure).toBe(UPLOAD_MESSAGES.failure);
    expect(en.upload.duplicate).toBe(UPLOAD_MESSAGES.duplicate);
    expect(en.upload.invalidFormat).toBe(UPLOAD_MESSAGES.invalidFormat);
    expect(en.chat.copied).toBe(SPEC_MESSAGES.copied);
    expect(vi.upload.success).not.toBe(en.upload.success);
  });
});
