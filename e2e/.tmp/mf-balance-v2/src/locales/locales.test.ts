import { missingKeys } from '@pagemate/shared-contracts/contracts';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import vi from './vi.json';

describe('mf-balance locales', () => {
  it('has every key in both languages and none empty', () => {
    expect(missingKeys(vi, en)).toEqual({ missingInVi: [], missingInEn: [], empty: [] });
  });
});
