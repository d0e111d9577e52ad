import type { Locator, Page } from '@playwright/test';
import { endpointPath, hrefOf, ROUTES, type RouteEntry } from '@pagemate/shared-contracts/contracts';
import { newAccount, registerAccount, signIn } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/** An iPhone 12–15 sized screen: every layout must read at 360–430 px, 390 is the common middle. */
const PHONE = { width: 390, height: 844 };
/** The least size of a control a thumb hits reliably. */
const TOUCH_TARGET_PX = 44;
/** The shared edge two controls may have (borders, focus rings) without being called overlapping. */
const OVERLAP_TOLERANCE_PX = 2;

/** The signed-in routes of an audience that a phone user opens from the menus. */
const routesOf = (audience: 'user' | 'partner') =>
  (ROUTES as readonly RouteEntry[]).filter((route) => route.audience === audience && (route.layout === 'dashboard' || route.layout === 'chatbot'));

/**
 * Clicks an opened menu's button and follows the button for ten frames: the menu never takes the header's
 * width on a phone, not even while it closes, so the button must not move.
 */
async function expectClosedInPlace(toggle: Locator): Promise<void> {
  const lefts = await toggle.evaluate(async (button) => {
    const seen: number[] = [];
    (button as HTMLElement).click();
    for (let frame = 0; frame < 10; frame += 1) {
      await new Promise(requestAnimationFrame);
      seen.push(button.getBoundingClientRect().left);
    }
    return seen;
  });
  expect(new Set(lefts).size, `the menu button moved while the menu closed: ${lefts.join(', ')}`).toBe(1);
}

/** What the page measures: its width, and the pairs of visible interactive controls drawn over each other. */
interface Layout {
  scrollWidth: number;
  viewportWidth: number;
  overlaps: string[];
}

/**
 * Measures the document in the page: its scroll width, and every two visible interactive controls whose
 * boxes (cut to what their scrolling or clipping ancestors show) cross, where neither holds the other.
 */
function measureLayout(tolerance: number): Layout {
  const CONTROLS = 'a[href], button, input:not([type="hidden"]), textarea, select, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="combobox"]';
  const describe = (el: Element) => {
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? ` data-testid="${el.getAttribute('data-testid')}"` : ''}> "${text}"`;
  };
  /** The part of `el` that is drawn: its box cut by every ancestor that clips its overflow. */
  const shownBox = (el: Element) => {
    const box = el.getBoundingClientRect();
    let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
    for (let parent = el.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const clip = parent.getBoundingClientRect();
        if (style.overflowX !== 'visible') [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
        if (style.overflowY !== 'visible') [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
      }
      if (style.position === 'fixed') break;
    }
    return { left, top, right, bottom };
  };
  const controls = [...document.querySelectorAll(CONTROLS)]
    .filter((el) => el.checkVisibility({ opacityProperty: false, visibilityProperty: true }))
    // A control drawn inside another (antd's radio input in its label, a button's icon link) is one control.
    .filter((el, _, all) => !all.some((other) => other !== el && other.contains(el)))
    .map((el) => ({ el, box: shownBox(el) }))
    .filter(({ box }) => box.right - box.left > tolerance && box.bottom - box.top > tolerance);
  const overlaps: string[] = [];
  for (let i = 0; i < controls.length; i += 1) {
    for (let j = i + 1; j < controls.length; j += 1) {
      const a = controls[i];
      const b = controls[j];
      if (!a || !b) continue;
      const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (width > tolerance && height > tolerance) overlaps.push(`${describe(a.el)} and ${describe(b.el)} (${Math.round(width)}×${Math.round(height)} px)`);
    }
  }
  return { scrollWidth: document.documentElement.scrollWidth, viewportWidth: window.innerWidth, overlaps };
}

/** Opens a route and waits until its page (the shell's or a remote's) has drawn its content. */
async function open(page: Page, route: RouteEntry): Promise<void> {
  await page.goto(hrefOf(route.path));
  await expect(page.locator('#main h1').first()).toBeVisible();
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
}

/** Fails on sideways scrolling and on controls over each other; saves what the phone shows. */
async function expectLaidOutForAPhone(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  const layout = await page.evaluate(measureLayout, OVERLAP_TOLERANCE_PX);
  expect(layout.viewportWidth).toBe(PHONE.width);
  expect(layout.scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(layout.viewportWidth);
  expect(layout.overlaps, `${name} draws controls over each other`).toEqual([]);
  // An empty table wider than the phone keeps its message in the part of its scroll box that shows.
  const cutMessages = await page.locator('.ant-table-placeholder > .ant-table-cell > *').evaluateAll((messages) =>
    messages
      .filter((message) => {
        const box = message.getBoundingClientRect();
        const shown = message.closest('.ant-table-content, .ant-table-body')?.getBoundingClientRect();
        return shown !== undefined && (box.left < shown.left - 1 || box.right > shown.right + 1);
      })
      .map((message) => message.textContent?.trim().slice(0, 40)),
  );
  expect(cutMessages, `${name}: an empty table's message runs out of its box`).toEqual([]);
}

/** The header bar's buttons (menu, language, theme, notifications, account) are at least 44 × 44 px. */
async function expectHeaderTouchTargets(page: Page): Promise<void> {
  const sizes = await page
    .locator('.ant-layout-header button:visible')
    .evaluateAll((buttons) => buttons.map((b) => ({ name: b.getAttribute('aria-label') ?? b.textContent ?? '', ...b.getBoundingClientRect().toJSON() }) as { name: string; width: number; height: number }));
  expect(sizes.length).toBeGreaterThanOrEqual(2);
  for (const size of sizes) {
    expect.soft(size.width, `${size.name} width`).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    expect.soft(size.height, `${size.name} height`).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
  }
}

/**
 * The page's own buttons, fields, selects, radios and switches (not the header's, not links in text) are at least
 * 44 px high; soft, so one run names every one that is not.
 */
async function expectContentTouchTargets(page: Page, name: string): Promise<void> {
  const small = await page
    .locator('#main')
    .evaluate((main, least) => {
      const CONTROLS = '.ant-btn, .ant-input-affix-wrapper, input.ant-input, .ant-input-number, .ant-select, .ant-picker, .ant-radio-button-wrapper, .ant-segmented-item';
      return [...main.querySelectorAll(CONTROLS)]
        .filter((el) => el.checkVisibility({ opacityProperty: false, visibilityProperty: true }))
        // A control inside another control (an input in its wrapper) is measured once, as the outer one.
        .filter((el, _, all) => !all.some((other) => other !== el && other.contains(el)))
        .map((el) => ({ el, height: el.getBoundingClientRect().height }))
        .filter(({ height }) => height > 0 && height < least - 0.5)
        .map(({ el, height }) => `${el.className.split(' ')[0]} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(height)} px`);
    }, TOUCH_TARGET_PX);
  expect.soft(small, `${name}: controls under ${TOUCH_TARGET_PX} px high`).toEqual([]);
}

test.describe('laid out for a phone (390 × 844)', () => {
  test.use({ viewport: PHONE });

  test("a new user's routes: no sideways scroll, no controls over each other, 44 px header targets", async ({ page, request }) => {
    test.setTimeout(180_000);
    const account = newAccount('user');
    await registerAccount(request, account);
    await signIn(page, account);
    for (const route of routesOf('user')) {
      await open(page, route);
      await expectLaidOutForAPhone(page, `user-${route.id}`);
      await expectHeaderTouchTargets(page);
      await expectContentTouchTargets(page, `user-${route.id}`);
    }
  });

  test('the chatbot layout: menu behind its button, composer full width and after the answer styles, 44 px send', async ({ page, request }) => {
    const account = newAccount('user');
    await registerAccount(request, account);
    await signIn(page, account);
    await page.goto('/chatbot/chatbot-basic/');
    await expect(page.locator('#main h1')).toBeVisible();

    // The closed menu takes no width: the page starts at the screen's edge.
    const main = await page.locator('#main').boundingBox();
    expect(main?.x).toBeLessThanOrEqual(16);
    const input = page.getByTestId('chat-input');
    const send = page.getByTestId('chat-send');
    const inputBox = await input.boundingBox();
    const sendBox = await send.boundingBox();
    // The text box and Send fill the row of the card: the box takes everything Send leaves.
    expect((inputBox?.width ?? 0) + (sendBox?.width ?? 0)).toBeGreaterThan(PHONE.width - 2 * 12 - 2 * 16 - 8 - 4);
    expect(sendBox?.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    // The text box comes after the answer styles, below their heading and their last choice.
    const lastStyle = await page.getByRole('radio').last().boundingBox();
    expect(inputBox?.y).toBeGreaterThan((lastStyle?.y ?? 0) + (lastStyle?.height ?? 0));

    // The menu opens over the page from the header button, its title on one line, and closes again.
    const toggle = page.getByTestId('chatbot-menu-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const title = page.getByTestId('chatbot-sider').getByText('CHATBOT', { exact: true });
    await expect(title).toBeVisible();
    const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await title.boundingBox())?.height).toBeLessThan(lineHeight * 1.5);
    await page.screenshot({ path: test.info().outputPath('chatbot-menu-open.png') });
    await expectClosedInPlace(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Choosing a page from the opened menu closes it.
    await toggle.click();
    const sider = page.getByTestId('chatbot-sider');
    await sider.getByText('Chatbot PDF', { exact: true }).click();
    await sider.getByRole('menuitem', { name: /Chatbot toàn tài liệu/ }).click();
    await expect(page).toHaveURL(/\/chatbot\/chatbot-pdf\/?$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expectLaidOutForAPhone(page, 'chatbot-pdf-after-menu');
  });

  test("the dashboard layout's menu opens under the header, its button closes it, and choosing a page closes it", async ({ page, request }) => {
    const account = newAccount('user');
    await registerAccount(request, account);
    await signIn(page, account);
    await page.goto('/user-dashboard/');
    await expect(page.locator('#main h1').first()).toBeVisible();
    const toggle = page.getByTestId('app-header').getByRole('button', { name: /menu|Menu/ }).first();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByTestId('side-menu');
    await expect(menu).toBeVisible();
    // The opened menu starts below the header bar: nothing covers the button.
    const toggleBox = await toggle.boundingBox();
    const menuBox = await menu.boundingBox();
    expect(menuBox?.y).toBeGreaterThanOrEqual((toggleBox?.y ?? 0) + (toggleBox?.height ?? 0));
    await page.screenshot({ path: test.info().outputPath('dashboard-menu-open.png') });
    await expectClosedInPlace(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Choosing a page from the opened menu closes it.
    await toggle.click();
    await menu.getByRole('menuitem', { name: /Quản lý khách hàng|Client/ }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/client-manager\/?$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the dashboard figures keep their place while they load: the placeholders are as high as the figures', async ({ page, request }) => {
    const account = newAccount('user');
    await registerAccount(request, account);
    await signIn(page, account);
    // The figures' answer waits until the placeholders are measured.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${endpointPath('dashboardCounts')}?*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/user-dashboard/');
    const spend = page.getByTestId('figure-spend');
    await expect(spend.locator('.ant-skeleton')).toBeVisible();
    const loading = await spend.boundingBox();
    release();
    await expect(spend.locator('.ant-statistic-content')).toBeVisible();
    await expect(spend.locator('.ant-skeleton')).toHaveCount(0);
    const loaded = await spend.boundingBox();
    expect({ y: loaded?.y, height: loaded?.height }).toEqual({ y: loading?.y, height: loading?.height });
  });

  test("a partner's routes: no sideways scroll, no controls over each other, 44 px header targets", async ({ page, request }) => {
    test.setTimeout(180_000);
    const account = newAccount('partner');
    await registerAccount(request, account);
    await signIn(page, account);
    for (const route of routesOf('partner')) {
      await open(page, route);
      await expectLaidOutForAPhone(page, `partner-${route.id}`);
      await expectHeaderTouchTargets(page);
      await expectContentTouchTargets(page, `partner-${route.id}`);
    }
  });
});
