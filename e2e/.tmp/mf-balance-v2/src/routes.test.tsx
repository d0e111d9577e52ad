import { initI18n, makeStore, ROUTES } from '@pagemate/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import remote from './routes';

describe('mf_balance routes module', () => {
  it('supplies a page for exactly the route ids it owns, under its namespace', () => {
    const owned = ROUTES.filter((route) => route.owner === 'mf_balance').map((route) => route.id);
    expect(remote.namespace).toBe('balance');
    expect(Object.keys(remote.pages).sort()).toEqual([...owned].sort());
  });

  it('shows the balance overview heading and the total in VNĐ', async () => {
    const i18n = await initI18n('vi', { [remote.namespace]: remote.resources });
    await i18n.changeLanguage('vi');
    const Page = remote.pages.balance;
    if (!Page) throw new Error('no balance page');
    const html = renderToStaticMarkup(
      <Provider store={makeStore()}>
        <Page />
      </Provider>,
    );
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).toBe('Tổng quan số dư');
    expect(html).toContain('0 VNĐ');
  });
});
