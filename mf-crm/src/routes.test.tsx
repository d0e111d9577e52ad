import { initI18n, ROUTES } from '@pagemate/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import remote from './routes';

// The shell's `common` strings the placeholder reads (the real ones ship with the shell).
const common = {
  vi: { beingBuilt: { title: 'Đang được xây dựng', description: 'Tính năng này đang được hoàn thiện và sẽ sớm ra mắt.' } },
  en: { beingBuilt: { title: 'Being built', description: 'This feature is being finished and will arrive soon.' } },
};

describe('mf_crm routes module', () => {
  it('supplies a page for exactly the route ids it owns, under its namespace', () => {
    const owned = ROUTES.filter((route) => route.owner === 'mf_crm').map((route) => route.id);
    expect(remote.name).toBe('mf_crm');
    expect(remote.namespace).toBe('crm');
    expect(Object.keys(remote.pages).sort()).toEqual([...owned].sort());
  });

  it.each([
    ['en', 'post-manager', 'Post Manager'],
    ['vi', 'comment-manager', 'Quản lý bình luận'],
    ['en', 'message-manager', 'Message Manager'],
    ['vi', 'client-manager', 'Quản lý khách hàng'],
    ['en', 'order-manager', 'Order Manager'],
    ['vi', 'partner-crm', 'CRM đối tác'],
    ['en', 'partner-hrm', 'Partner HRM'],
  ] as const)('in %s, %s shows its title as the h1 and the being-built panel', async (language, routeId, title) => {
    const i18n = await initI18n(language, { common, [remote.namespace]: remote.resources });
    await i18n.changeLanguage(language);
    const Page = remote.pages[routeId];
    if (!Page) throw new Error(`no page for ${routeId}`);
    const html = renderToStaticMarkup(<Page />);
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).toBe(title);
    expect(html).toContain(common[language].beingBuilt.description);
  });
});
