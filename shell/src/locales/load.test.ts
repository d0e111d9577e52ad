// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@pagemate/shared-contracts';
import enCommon from './en/common.json';
import enDashboard from './en/dashboard.json';
import enPartner from './en/partner.json';
import viCommon from './vi/common.json';
import viDashboard from './vi/dashboard.json';

/** A fresh shared-contracts (and so a fresh i18n instance) started the way `start.tsx` and `bootstrap.tsx` start it. */
async function startIn(language: Language, partner = false) {
  vi.resetModules();
  const contracts = await import('@pagemate/shared-contracts');
  const { loadShellNamespace, loadStartNamespaces } = await import('./load');
  const i18n = await contracts.initI18nOnDemand(language, await loadStartNamespaces(language, partner), loadShellNamespace);
  return { i18n, changeLanguage: contracts.changeLanguage };
}

describe('the shell texts a start reads', () => {
  beforeEach(() => localStorage.clear());

  it('a Vietnamese start holds only the Vietnamese common and dashboard texts; switching reads the English ones first', async () => {
    const { i18n, changeLanguage } = await startIn('vi');
    expect(i18n.language).toBe('vi');
    expect(i18n.hasResourceBundle('vi', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('vi', 'dashboard')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'dashboard')).toBe(false);
    expect(i18n.hasResourceBundle('vi', 'partner')).toBe(false);
    expect(i18n.t('common:loader.label')).toBe(viCommon.loader.label);

    // What a component redraws with when told of the switch is already English: no untranslated keys.
    const drawn: string[] = [];
    i18n.on('languageChanged', () => drawn.push(i18n.t('common:loader.label'), i18n.t('dashboard:user.title')));
    await changeLanguage('en', localStorage);
    expect(drawn).toEqual([enCommon.loader.label, enDashboard.user.title]);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'partner')).toBe(false);
    expect(localStorage.getItem('appLanguage')).toBe('en');

    await changeLanguage('vi', localStorage);
    expect(i18n.t('dashboard:user.title')).toBe(viDashboard.user.title);
  });

  it('an English start does not read the Vietnamese texts, and switching to Vietnamese does', async () => {
    const { i18n, changeLanguage } = await startIn('en');
    expect(i18n.t('common:loader.label')).toBe(enCommon.loader.label);
    expect(i18n.hasResourceBundle('vi', 'common')).toBe(false);
    expect(i18n.hasResourceBundle('vi', 'dashboard')).toBe(false);

    await changeLanguage('vi');
    expect(i18n.t('common:loader.label')).toBe(viCommon.loader.label);
    expect(i18n.hasResourceBundle('vi', 'dashboard')).toBe(true);
  });

  it('reads the partner texts for a partner session, and for a user only when a partner page asks for them', async () => {
    const partner = await startIn('en', true);
    expect(partner.i18n.t('partner:dashboard.title')).toBe(enPartner.dashboard.title);

    const { i18n, changeLanguage } = await startIn('en');
    expect(i18n.hasResourceBundle('en', 'partner')).toBe(false);
    await i18n.loadNamespaces('partner');
    expect(i18n.t('partner:dashboard.title')).toBe(enPartner.dashboard.title);
    // A namespace read later comes along when the language changes.
    await changeLanguage('vi');
    expect(i18n.hasResourceBundle('vi', 'partner')).toBe(true);
  });
});
