import { STORAGE_KEYS } from '@pagemate/shared-contracts';
import { describe, expect, it } from 'vitest';
import { isPublicAuthVisit, isPublicLandingVisit } from './entry-choice';

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

describe('isPublicAuthVisit', () => {
  it('is a signed-out visit to any page of the authentication layout, covers and template pages included', () => {
    for (const path of ['/sign-in/', '/sign-in', '/sign-up/cover/', '/reset-password/', '/create-password/', '/two-step-verification/', '/lock-screen/cover/', '/coming-soon/', '/under-maintenance/', '/error/404/']) {
      expect([path, isPublicAuthVisit(path, storage(), storage())]).toEqual([path, true]);
    }
  });

  it('is not the landing, an app page or an unknown path (the app answers those)', () => {
    for (const path of ['/', '/user-dashboard/', '/components/pages/notifications/', '/_app/', '/no-such-page/']) {
      expect([path, isPublicAuthVisit(path, storage(), storage())]).toEqual([path, false]);
    }
  });

  it('is not a visit with a stored session, remembered or for this tab only', () => {
    const session = { [STORAGE_KEYS.accessToken]: 'token' };
    expect(isPublicAuthVisit('/sign-in/', storage(session), storage())).toBe(false);
    expect(isPublicAuthVisit('/sign-in/', storage(), storage(session))).toBe(false);
  });
});
