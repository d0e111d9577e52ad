import { initI18n, makeStore } from '@pagemate/shared-contracts';
import { headingOf, ownedRouteIds } from '@pagemate/shared-contracts/testing';
import { App } from 'antd';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import remote from './routes';

/** As the shell mounts it: inside its router (the page keeps its tab in the query) and antd's App. */
async function render(language: 'vi' | 'en', url = '/user-dashboard/balance'): Promise<string> {
  const i18n = await initI18n(language, { [remote.namespace]: remote.resources });
  await i18n.changeLanguage(language);
  const Page = remote.pages.balance;
  if (!Page) throw new Error('mf_balance supplies no balance page');
  return renderToStaticMarkup(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <Page />
        </App>
      </MemoryRouter>
    </Provider>,
  );
}

describe('mf_balance routes module', () => {
  it('supplies a page for exactly the route ids it owns, under its namespace', () => {
    expect(remote.namespace).toBe('balance');
    expect(Object.keys(remote.pages).sort()).toEqual(ownedRouteIds('mf_balance'));
  });

  it.each([
    ['vi', 'Tổng quan số dư', 'Nạp tiền'],
    ['en', 'Balance overview', 'Top up'],
  ] as const)('in %s, shows the heading, the tabs, and one placeholder until the balance is known (no made-up 0 VNĐ)', async (language, heading, depositTab) => {
    const html = await render(language);
    expect(headingOf(html)).toBe(heading);
    expect(html).toContain('data-testid="balance-overview-loading"');
    expect(html).not.toContain('0 VNĐ');
    expect(html).toContain(depositTab);
  });

  it('opens the tab the query names', async () => {
    const html = await render('vi', '/user-dashboard/balance?tab=deposit');
    expect(html).toContain('Từ 10.000 đến 50.000.000 VNĐ');
  });
});
