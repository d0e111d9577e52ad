import { expect, test } from '../support/fixtures';

test.describe('landing page', () => {
  test('each header anchor scrolls to its section', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Các mục của trang' });
    for (const [label, id] of [
      ['Dịch vụ', 'services'],
      ['Hỏi đáp', 'faq'],
      ['Liên hệ', 'contact'],
      ['Trang chủ', 'home'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
  });

  test('the FAQ opens with its first item and items expand and collapse', async ({ page }) => {
    await page.goto('/');
    const headers = page.locator('#faq button[aria-expanded]');
    await expect(headers.first()).toHaveAttribute('aria-expanded', 'true');
    await expect(headers.nth(1)).toHaveAttribute('aria-expanded', 'false');
    await headers.nth(1).click();
    await expect(headers.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await headers.first().click();
    await expect(headers.first()).toHaveAttribute('aria-expanded', 'false');
  });

  for (const [width, slides] of [
    [479, 1],
    [480, 2],
    [779, 2],
    [780, 3],
  ] as const) {
    test(`the testimonials carousel shows ${slides} slide(s) at ${width} px and advances by itself`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const shown = page.locator('#testimonials [data-slide-index]');
      await expect(shown).toHaveCount(slides);
      // Side by side, each whole within the window's width.
      for (const slide of await shown.all()) {
        await expect(slide).toBeVisible();
        const box = (await slide.boundingBox()) ?? { x: -1, width: 0 };
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
      }
      const first = await shown.first().getAttribute('data-slide-index');
      await expect.poll(async () => shown.first().getAttribute('data-slide-index'), { timeout: 8_000 }).not.toBe(first);
    });
  }

  test('follows the stored theme: dark mode and a custom primary colour', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('themeSettings', JSON.stringify({ mode: 'dark', primaryColour: '#e11d48' })));
    await page.goto('/');
    const landing = page.locator('#landing-main').locator('..');
    await expect(landing).toHaveCSS('background-color', 'rgb(20, 20, 20)');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Đăng nhập' })).toHaveCSS('background-color', 'rgb(225, 29, 72)');
  });

  test('copying the contact address shows the copied-address toast', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // English from the start (the header switch itself is covered by the shell specs).
    await page.addInitScript(() => localStorage.setItem('appLanguage', 'en'));
    await page.goto('/');
    await page.getByRole('button', { name: /Copy the email address/ }).click();
    await expect(page.getByText('Copied to clipboard')).toBeVisible();
  });
});
