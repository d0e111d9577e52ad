import { initI18n, makeStore, ROUTES } from '@pagemate/shared-contracts';
import { App } from 'antd';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import remote from './routes';

describe('mf_page_manager routes module', () => {
  it('supplies a page for exactly the route ids it owns, under its namespace', () => {
    const owned = ROUTES.filter((route) => route.owner === 'mf_page_manager').map((route) => route.id);
    expect(remote.name).toBe('mf_page_manager');
    expect(remote.namespace).toBe('page-manager');
    expect(Object.keys(remote.pages).sort()).toEqual([...owned].sort());
  });

  it.each([
    ['en', 'page-manager', 'Page Manager', 'No Facebook account connected yet.'],
    ['vi', 'page-manager', 'Quản lý Trang', 'Chưa kết nối Facebook'],
    ['vi', 'identity-manager', 'Quản lý danh tính (Tính cách AI)', 'Chưa có danh tính nào.'],
    ['en', 'procedure-manager', 'Flow (Procedure) Manager', 'No procedures yet.'],
    ['vi', 'config-manager', 'Quản lý cấu hình', 'Chưa có cấu hình nào.'],
  ] as const)('in %s, %s shows its title as the h1 and its empty state', async (language, routeId, title, emptyText) => {
    const i18n = await initI18n(language, { [remote.namespace]: remote.resources });
    await i18n.changeLanguage(language);
    const Page = remote.pages[routeId];
    if (!Page) throw new Error(`no page for ${routeId}`);
    const html = renderToStaticMarkup(
      <Provider store={makeStore()}>
        <App>
          <Page />
        </App>
      </Provider>,
    );
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).toBe(title);
    expect(html).toContain(emptyText);
  });
});
