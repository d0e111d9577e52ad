import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ImpactValue, NodeResult } from 'axe-core';
import { hrefOf, ROUTES, STORAGE_KEYS, type RouteEntry } from '@pagemate/shared-contracts/contracts';
import { expect, test } from '../support/fixtures';

/** axe-core's source, evaluated in the page (a <script> tag would be an inline script, which the CSP refuses). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];

/** What axe found on a node, with the measured colours when it is a contrast failure. */
function describeNode(node: NodeResult): string {
  const details = [...node.any, ...node.all, ...node.none]
    .map((check) => check.data as { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string; fontSize?: string; fontWeight?: string } | null)
    .filter((data) => data?.contrastRatio !== undefined)
    .map((data) => ` ${data?.fgColor} on ${data?.bgColor} = ${data?.contrastRatio}:1 (needs ${data?.expectedContrastRatio}; ${data?.fontSize} ${data?.fontWeight})`);
  return `    ${node.target.join(' ')}${details.join('')}\n      ${node.html.slice(0, 160)}`;
}

/** Runs axe-core over the whole document and returns its serious and critical violations, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags } }),
    WCAG_TAGS,
  );
  return results.violations
    .filter((violation) => violation.impact && BLOCKING.includes(violation.impact))
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map(describeNode).join('\n')}`);
}

test.describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  test('the landing page has no serious violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#home')).toBeVisible();
    await expect(page.locator('#contact')).toHaveCount(1);
    expect((await seriousViolations(page)).join('\n')).toBe('');
  });

  test('the sign-in page has no serious violations', async ({ page }) => {
    await page.goto('/sign-in/');
    await expect(page.getByRole('heading', { name: 'Đăng nhập PageMate' })).toBeVisible();
    await expect(page.getByLabel('Mật khẩu')).toBeVisible();
    expect((await seriousViolations(page)).join('\n')).toBe('');
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`the light signed-out pages have no serious violations in ${mode} mode, with their field errors showing`, async ({ page }) => {
      if (mode === 'dark') {
        await page.addInitScript(({ key }) => localStorage.setItem(key, JSON.stringify({ mode: 'dark' })), { key: STORAGE_KEYS.theme });
      }
      for (const path of ['/sign-up/', '/sign-in/cover/', '/reset-password/', '/create-password/', '/two-step-verification/', '/lock-screen/', '/error/404/']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const submit = page.locator('button[type="submit"]');
        if ((await submit.count()) > 0) await submit.click();
        expect([path, (await seriousViolations(page)).join('\n')]).toEqual([path, '']);
      }
    });
  }

  for (const mode of ['light', 'dark'] as const) {
    test(`the user dashboard has no serious violations in ${mode} mode`, async ({ page, signInAs }) => {
      if (mode === 'dark') {
        await page.addInitScript(({ key }) => localStorage.setItem(key, JSON.stringify({ mode: 'dark' })), { key: STORAGE_KEYS.theme });
      }
      const account = await signInAs('user');
      await page.goto('/user-dashboard/');
      await expect(page.locator('html')).toHaveAttribute('data-theme-mode', mode);
      await expect(page.getByTestId('header-username')).toHaveText(account.username);
      await expect(page.getByTestId('getting-started')).toBeVisible();
      await expect(page.getByTestId('figure-pages')).toBeVisible();
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      expect((await seriousViolations(page)).join('\n')).toBe('');
    });
  }

  test('a button whose loading spinner is still leaving is named by its text alone', async ({ page, signInAs }) => {
    await signInAs('user');
    await page.goto('/user-dashboard/');
    await expect(page.getByTestId('figure-pages')).toBeVisible();
    // The state antd leaves a button in when the spinner's leave motion never ends (seen in traces under load).
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'ant-btn';
      button.innerHTML =
        '<span class="ant-btn-icon ant-btn-loading-icon ant-btn-loading-icon-motion-leave ant-btn-loading-icon-motion-leave-active ant-btn-loading-icon-motion" style="width: 0px; opacity: 0; transform: scale(0);"><span role="img" aria-label="loading"></span></span><span>Lưu thử</span>';
      document.querySelector('main')?.append(button);
    });
    await expect(page.getByRole('button', { name: 'Lưu thử', exact: true })).toHaveCount(1);
  });

  /** Every signed-in route of the route table an audience opens (its dashboard and chatbot layouts). */
  const routesOf = (audience: 'user' | 'partner') =>
    (ROUTES as readonly RouteEntry[]).filter((route) => route.audience === audience && (route.layout === 'dashboard' || route.layout === 'chatbot'));

  for (const side of ['user', 'partner'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      test(`every ${side} route has no serious violations in ${mode} mode`, async ({ page, signInAs }) => {
        test.setTimeout(240_000);
        if (mode === 'dark') {
          await page.addInitScript(({ key }) => localStorage.setItem(key, JSON.stringify({ mode: 'dark' })), { key: STORAGE_KEYS.theme });
        }
        await signInAs(side);
        const found: string[] = [];
        for (const route of routesOf(side)) {
          await page.goto(hrefOf(route.path));
          await expect(page.locator('html')).toHaveAttribute('data-theme-mode', mode);
          await expect(page.locator('#main h1').first()).toBeVisible();
          await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
          const violations = await seriousViolations(page);
          if (violations.length > 0) found.push(`${route.path}:\n${violations.join('\n')}`);
          // One main landmark per page (axe reports a second only as moderate).
          const mains = await page.locator('main, [role="main"]').count();
          if (mains !== 1) found.push(`${route.path}: ${mains} main landmarks`);
        }
        expect(found.join('\n\n')).toBe('');
      });
    }
  }
});
