import { expect, test } from '../support/fixtures';
import { chooseEnglish } from '../support/language';

test.describe('one store and one i18n instance across shell and remotes', () => {
  test('a store action dispatched inside mf_balance shows in the shell header', async ({ page, signInAs }) => {
    await signInAs('user');
    await page.route('**/api/v1/total-balance/**', (route) =>
      route.fulfill({ json: { status: 200, data: { total_balance: 1234567 } } }),
    );
    await page.goto('/user-dashboard/balance/');
    // The remote fetched the balance and dispatched it into the shared payment slice…
    await expect(page.getByText('1.234.567 VNĐ')).toBeVisible();
    // …and the shell's header reads it from the same store.
    await page.getByTestId('profile-button').click();
    await expect(page.getByTestId('profile-bal')).toHaveText('Số dư: 1.234.567 VNĐ');
  });

  test('a failed balance fetch in the remote shows the balance error message in the chosen language', async ({ page, signInAs }) => {
    await signInAs('user');
    await page.route('**/api/v1/total-balance/**', (route) => route.fulfill({ status: 500, json: { status: 500, code: 'INTERNAL', message: 'Internal server error' } }));
    await page.goto('/user-dashboard/balance/');
    await expect(page.getByText('Không thể tải tổng số dư.')).toBeVisible();
  });

  test('switching language in the header re-translates text rendered by a remote', async ({ page, signInAs }) => {
    await signInAs('user');
    await page.route('**/api/v1/total-balance/**', (route) => route.fulfill({ json: { status: 200, data: { total_balance: 0 } } }));
    await page.goto('/user-dashboard/balance/');
    await expect(page.getByRole('heading', { name: 'Tổng quan số dư' })).toBeVisible();
    await chooseEnglish(page);
    await expect(page.getByRole('heading', { name: 'Balance overview' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Balance/ }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('appLanguage'))).toBe('en');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Balance overview' })).toBeVisible();
  });

  test('the remote takes the shell\'s cut-down antd and router and runs on its Module Federation runtime: one copy each, and no whole package fetched', async ({ page, signInAs }) => {
    await signInAs('user');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.route('**/api/v1/total-balance/**', (route) => route.fulfill({ json: { status: 200, data: { total_balance: 0 } } }));
    await page.goto('/user-dashboard/balance/');
    await expect(page.getByRole('heading', { name: 'Tổng quan số dư' })).toBeVisible();
    const shares = await page.evaluate(() => {
      interface Share {
        from: string;
        loaded?: boolean;
        lib?: unknown;
        treeShaking?: { mode?: string; loaded?: boolean; lib?: unknown };
      }
      // Each app's own runtime instance and the share scopes it resolves from (the remotes run on the shell's
      // Module Federation runtime, so they are instances of it, not entries of a global of their own).
      const instances = (globalThis as unknown as {
        __FEDERATION__: { __INSTANCES__: { name: string; shareScopeMap: Record<string, Record<string, Record<string, Share>>> }[] };
      }).__FEDERATION__.__INSTANCES__;
      const seen: Record<string, { from: string; version: string; whole: boolean; cut: boolean }[]> = {};
      for (const instance of instances) {
        for (const packages of Object.values(instance.shareScopeMap)) {
          for (const pkg of ['antd', 'react-router-dom']) {
            for (const [version, share] of Object.entries(packages[pkg] ?? {})) {
              (seen[`${instance.name} ${pkg}`] ??= []).push({
                from: share.from,
                version,
                whole: Boolean(share.loaded || share.lib),
                cut: Boolean(share.treeShaking?.mode === 'runtime-infer' && share.treeShaking.loaded),
              });
            }
          }
        }
      }
      // One runtime: every instance is made by the same class (a remote entry with a runtime of its own makes its own).
      const oneRuntime = instances.every((instance) => instance.constructor === instances[0]?.constructor);
      return { seen, oneRuntime, names: instances.map((instance) => instance.name) };
    });
    expect(shares.names).toEqual(expect.arrayContaining(['pagemate_shell', 'mf_balance']));
    expect(shares.oneRuntime, 'the remote runs on the shell\'s Module Federation runtime').toBe(true);
    for (const key of ['pagemate_shell antd', 'mf_balance antd', 'pagemate_shell react-router-dom', 'mf_balance react-router-dom']) {
      expect(shares.seen[key], key).toEqual([expect.objectContaining({ from: 'pagemate_shell', whole: false, cut: true })]);
    }
    // The whole packages are built beside each app for a remote that needs more than the list; none was needed.
    expect(scripts.filter((url) => url.includes('independent-packages'))).toEqual([]);
  });
});
