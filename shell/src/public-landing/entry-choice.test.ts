import { STORAGE_KEYS } from '@pagemate/shared-contracts';
import { describe, expect, it } from 'vitest';
import { isPublicLandingVisit } from './entry-choice';

const storage = (entries: Record<string, string> = {}) => ({ getItem: (key: string) => entries[key] ?? null });

describe('isPublicLandingVisit', () => {
  it('is a signed-out visit to the landing page, with or without a trailing slash', () => {
    expect(isPublicLandingVisit('/', storage(), storage())).toBe(true);
    expect(isPublicLandingVisit('', storage(), storage())).toBe(true);
  });

  it('is not any other page', () => {
    for (const path of ['/sign-in/', '/user-dashboard/', '/no-such-page/']) expect(isPublicLandingVisit(path, storage(), storage())).toBe(false);
  });

  it('is not a visit with a stored session, remembered or for this tab only', () => {
    const session = { [STORAGE_KEYS.accessToken]: 'token' };
    expect(isPublicLandingVisit('/', storage(session), storage())).toBe(false);
    expect(isPublicLandingVisit('/', storage(), storage(session))).toBe(false);
  });
});
