import { LANDING_SERVICE_STEPS, missingKeys, SPEC_MESSAGES } from '@pagemate/shared-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { LANDING_SECTIONS } from '../landing-sections';
import en from './en.json';
import vi from './vi.json';

describe('mf-landing locales', () => {
  it('has every key in both languages and none empty', () => {
    expect(missingKeys(vi, en)).toEqual({ missingInVi: [], missingInEn: [], empty: [] });
  });

  it('uses the product text for the copy confirmation in English', () => {
    expect(en.contact.copied).toBe(SPEC_MESSAGES.copied);
  });

  it('describes exactly the product number of service steps', () => {
    expect(Object.keys(en.services.steps)).toHaveLength(LANDING_SERVICE_STEPS);
  });

  it('names every section anchor', () => {
    expect(Object.keys(en.header.sections)).toEqual([...LANDING_SECTIONS]);
  });
});
