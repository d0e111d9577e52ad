import { expect, test } from '../support/fixtures';
import type { Page } from '@playwright/test';
import { THEME_BACKGROUND_IMAGES, THEME_BACKGROUND_PRESETS, THEME_CHOICES, THEME_DEFAULTS, THEME_PRIMARY_PRESETS } from '@pagemate/shared-contracts/contracts';

const SHOTS = process.env.THEME_SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await expect(page.locator('.ant-drawer-content-wrapper')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function openCustomizer(page: Page) {
  await page.getByRole('button', { name: 'Tùy chỉnh giao diện' }).click();
  const drawer = page.getByTestId('theme-customizer');
  await expect(drawer).toBeVisible();
  return drawer;
}

async function choose(page: Page, group: string, option: string): Promise<void> {
  await page.getByTestId(`choice-${group}`).getByText(option, { exact: true }).click();
}

/** Where each choice shows on <html>. */
const HTML_ATTRIBUTE_OF: Record<keyof typeof THEME_CHOICES, string> = {
  mode: 'data-theme-mode',
  direction: 'dir',
  navLayout: 'data-nav-layout',
  navStyle: 'data-nav-style',
  verticalStyle: 'data-vertical-style',
  pageStyle: 'data-page-style',
  width: 'data-width',
  menuPosition: 'data-menu-position',
  headerPosition: 'data-header-position',
  menuColour: 'data-menu-colour',
  headerColour: 'data-header-colour',
};

const primaryBackground = (page: Page) =>
  page.getByTestId('theme-done').evaluate((el) => getComputedStyle(el).backgroundColor);

test.describe('theme customizer', () => {
  test.beforeEach(async ({ signInAs }) => {
    await signInAs('user');
  });

  test('every kind of choice applies at once, survives a reload, and Reset brings the defaults back', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/user-dashboard/');
    const html = page.locator('html');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await shot(page, '00-default');
    const drawer = await openCustomizer(page);
    const initialPrimary = await primaryBackground(page);
    // Colours first: the dark algorithm derives its own shade of the primary colour.
    await drawer.getByRole('button', { name: 'Màu #e11d48' }).click();
    await expect.poll(() => primaryBackground(page)).toBe('rgb(225, 29, 72)');
    expect(initialPrimary).not.toBe('rgb(225, 29, 72)');

    const custom = drawer.getByRole('textbox', { name: /Màu chủ đạo tùy chỉnh/ });
    await custom.fill('#12345');
    await drawer.getByTestId('choice-primaryColour-custom').getByRole('button', { name: 'Áp dụng' }).click();
    await expect(drawer.getByRole('alert')).toHaveText('Hãy nhập mã màu hex 6 chữ số, ví dụ #1a2b3c.');
    await expect.poll(() => primaryBackground(page)).toBe('rgb(225, 29, 72)');
    await custom.fill('#1a2b3c');
    await custom.press('Enter');
    await expect(drawer.getByRole('alert')).toHaveCount(0);
    await expect.poll(() => primaryBackground(page)).toBe('rgb(26, 43, 60)');

    await choose(page, 'mode', 'Tối');
    await expect(html).toHaveAttribute('data-theme-mode', 'dark');
    await choose(page, 'direction', 'Phải sang trái');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await choose(page, 'navLayout', 'Ngang');
    await expect(page.getByTestId('top-menu')).toBeVisible();
    await expect(page.getByTestId('top-menu')).toHaveClass(/ant-menu-horizontal/);
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await choose(page, 'width', 'Đóng khung');
    await expect.poll(() => page.getByTestId('dashboard-layout').evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1280);

    await choose(page, 'headerColour', 'Chuyển sắc');
    await expect(html).toHaveAttribute('data-header-colour', 'gradient');
    await expect.poll(() => page.getByTestId('app-header').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('linear-gradient');
    await drawer.getByRole('button', { name: 'Chấm bi' }).click();
    await expect(html).toHaveAttribute('data-bg-image', 'dots');
    await page.keyboard.press('Escape');
    await shot(page, '01-customised');

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('themeSettings') ?? '{}'));
    expect(stored).toMatchObject({ mode: 'dark', direction: 'rtl', navLayout: 'horizontal', width: 'boxed', primaryColour: '#1a2b3c' });

    await page.reload();
    await expect(page.getByTestId('top-menu')).toBeVisible();
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('data-theme-mode', 'dark');
    await expect(html).toHaveAttribute('data-width', 'boxed');
    await expect(page.getByTestId('theme-switch')).toHaveAccessibleName('Chuyển sang giao diện sáng');

    const reopened = await openCustomizer(page);
    await reopened.getByTestId('theme-reset').click();
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(html).toHaveAttribute('data-theme-mode', 'light');
    await expect(html).toHaveAttribute('data-vertical-style', 'overlay');
    await expect(html).toHaveAttribute('data-page-style', 'regular');
    await expect(html).toHaveAttribute('data-width', 'fullwidth');
    await expect(html).toHaveAttribute('data-menu-position', 'fixed');
    await expect(html).toHaveAttribute('data-header-position', 'fixed');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect(page.getByTestId('top-menu')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('themeSettings'))).toBeNull();
    await page.reload();
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(page.getByTestId('side-menu')).toBeVisible();
  });

  test('vertical styles, positions, colours and page styles change what is seen', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/user-dashboard/page-manager/');
    const sider = page.getByTestId('side-menu');
    const siderWidth = () => sider.evaluate((el) => Math.round(el.getBoundingClientRect().width));
    await expect(sider).toHaveAttribute('data-collapsed', 'false');
    expect(await siderWidth()).toBe(248);

    const drawer = await openCustomizer(page);
    await choose(page, 'verticalStyle', 'Đóng');
    await expect(sider).toHaveAttribute('data-collapsed', 'true');
    await expect.poll(siderWidth).toBe(0);
    await choose(page, 'verticalStyle', 'Biểu tượng kèm chữ');
    await expect.poll(siderWidth).toBe(104);
    await page.keyboard.press('Escape');
    await shot(page, '02-icontext');

    await openCustomizer(page);
    await choose(page, 'verticalStyle', 'Menu kép');
    await expect(page.getByTestId('double-menu')).toBeVisible();
    await expect(page.getByTestId('double-menu-panel')).toBeVisible();
    await choose(page, 'verticalStyle', 'Tách rời');
    await expect.poll(() => sider.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).not.toBe('0px');
    await choose(page, 'menuColour', 'Tối');
    await expect.poll(() => sider.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 23, 42)');
    await choose(page, 'menuPosition', 'Cuộn theo trang');
    await expect(page.locator('.pm-sider-frame')).toHaveCSS('position', 'relative');
    await choose(page, 'headerPosition', 'Cuộn theo trang');
    await expect(page.getByTestId('app-header')).toHaveCSS('position', 'relative');
    await choose(page, 'pageStyle', 'Hiện đại');
    await expect(page.locator('html')).toHaveAttribute('data-page-style', 'modern');
    await drawer.getByRole('button', { name: 'Màu #ecfdf5' }).click();
    await expect.poll(() => page.locator('.pm-page').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(236, 253, 245)');
    await page.keyboard.press('Escape');
    await shot(page, '03-detached-dark-menu');

    await openCustomizer(page);
    await choose(page, 'navStyle', 'Biểu tượng nhấp');
    await expect(page.locator('html')).toHaveAttribute('data-nav-style', 'icon-click');
    await expect.poll(siderWidth).toBe(80);
    await choose(page, 'navStyle', 'Menu nhấp');
    await expect.poll(siderWidth).toBe(248);
    await choose(page, 'verticalStyle', 'Biểu tượng phủ');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Thu gọn/mở menu' }).click();
    await expect(sider).toHaveAttribute('data-collapsed', 'true');
    await expect.poll(siderWidth).toBe(80);
    const contentStart = () => page.locator('.pm-content').evaluate((el) => Math.round(el.getBoundingClientRect().left));
    // The content sits beside the 80 px rail once the collapse transition has finished…
    await expect.poll(contentStart).toBe(80);
    await sider.hover();
    await expect.poll(siderWidth).toBe(248);
    // …and stays there while the overlay menu expands over it.
    await page.waitForTimeout(400);
    expect(await contentStart()).toBe(80);
    await shot(page, '04-overlay-hover');
  });

  test('every option of every choice changes what is seen', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1400, height: 800 });
    await page.goto('/user-dashboard/page-manager/');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    // A long page scrolled a little, so fixed and scrollable positions differ too.
    await page.evaluate(() => {
      document.getElementById('main')?.append(Object.assign(document.createElement('div'), { style: 'height:3000px' }));
    });
    // Scroll the window itself (a wheel over the sticky menu would scroll the menu instead).
    await expect
      .poll(() => page.evaluate(() => (window.scrollTo(0, 200), window.scrollY)))
      .toBeGreaterThan(100);
    const drawer = await openCustomizer(page);
    const drawerLeft = await drawer.evaluate((el) => (el.closest('.ant-drawer-content-wrapper') ?? el).getBoundingClientRect().left);
    // What is seen left of the open drawer.
    const seen = () => page.screenshot({ clip: { x: 0, y: 0, width: Math.floor(drawerLeft), height: 800 }, animations: 'disabled' });
    const reset = async () => {
      await drawer.getByTestId('theme-reset').click();
      await expect(page.locator('html')).toHaveAttribute('data-vertical-style', THEME_DEFAULTS.verticalStyle);
    };
    const baseline = await seen();
    const unchanged: string[] = [];
    const check = async (label: string, select: () => Promise<void>) => {
      await reset();
      await select();
      if (Buffer.compare(await seen(), baseline) === 0) unchanged.push(label);
    };

    for (const [name, options] of Object.entries(THEME_CHOICES) as [keyof typeof THEME_CHOICES, readonly string[]][]) {
      for (const option of options.filter((o) => o !== THEME_DEFAULTS[name])) {
        await check(`${name}=${option}`, async () => {
          await drawer.getByTestId(`choice-${name}`).locator('label').filter({ has: page.locator(`input[value="${option}"]`) }).click();
          await expect(page.locator('html')).toHaveAttribute(HTML_ATTRIBUTE_OF[name], option);
        });
      }
    }
    for (const colour of THEME_PRIMARY_PRESETS.filter((c) => c !== THEME_DEFAULTS.primaryColour)) {
      await check(`primary=${colour}`, () => drawer.getByTestId('choice-primaryColour').getByRole('button', { name: `Màu ${colour}` }).click());
    }
    for (const colour of THEME_BACKGROUND_PRESETS) {
      await check(`background=${colour}`, () => drawer.getByTestId('choice-backgroundColour').getByRole('button', { name: `Màu ${colour}` }).click());
    }
    for (const image of THEME_BACKGROUND_IMAGES.filter((i) => i !== 'none')) {
      await check(`image=${image}`, async () => {
        await drawer.getByTestId('choice-backgroundImage').getByRole('button').nth(THEME_BACKGROUND_IMAGES.indexOf(image)).click();
        await expect(page.locator('html')).toHaveAttribute('data-bg-image', image);
      });
    }
    expect(unchanged).toEqual([]);
  });
});
