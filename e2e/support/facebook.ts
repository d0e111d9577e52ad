import { type APIRequestContext, expect, type Page, type Response, test } from '@playwright/test';
import { userIdOf } from './accounts';
import { API_URL } from './ports';

/**
 * Connects a demo account through the Meta sandbox popup, as a user does on the page manager. Every PageMate
 * account gets pages of its own from the sandbox (their ids differ from one account to the next), so specs may
 * connect the same demo person without seeing each other's subscriptions or events.
 */
export async function connectSandbox(page: Page, person: 'Nguyễn Thị Lan' | 'Trần Văn Minh' | 'Lê Hoàng Yến' = 'Nguyễn Thị Lan'): Promise<void> {
  await page.goto('/user-dashboard/page-manager/');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Kết nối Facebook' }).click();
  const popup = await popupOpened;
  const popupClosed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: new RegExp(`Tiếp tục với tên ${person}`) }).click();
  await popupClosed;
  await expect(page.getByText('Kết nối thành công!')).toBeVisible();
}

/**
 * Chooses a file for a page's bot on the page manager (its bot answers from the chosen files only): the notice
 * "no document chosen" is there before and gone once the choice is saved.
 */
export async function chooseFileForPage(page: Page, pageName: string, fileName: string): Promise<void> {
  const row = page.getByRole('row', { name: new RegExp(pageName) });
  await expect(row.getByTestId('no-files-notice')).toHaveText('Chưa chọn tài liệu nào: bot chỉ trả lời theo cấu hình của trang.');
  // The choice is saved at once. A failure names what went wrong (no save sent, the save refused) rather than only
  // the missing toast. A pick the dropdown did not take (no save asked for within a few seconds) is made once more,
  // as a person would, and noted in the report.
  const isSave = (response: Response) =>
    response.url().endsWith('/api/v1/facebook/page/update-manager') && response.request().method() === 'POST';
  const pick = async (timeout: number) => {
    const saved = page.waitForResponse(isSave, { timeout });
    saved.catch(() => undefined); // awaited below; a click that throws first must not leave it unhandled
    await page.getByLabel(`Tệp cho ${pageName}`).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: fileName }).click();
    return saved;
  };
  let response: Response;
  try {
    response = await pick(8_000);
  } catch {
    test.info().annotations.push({ type: 'retried', description: `no save sent after picking ${fileName} for ${pageName}; picked again` });
    await page.keyboard.press('Escape');
    response = await pick(20_000);
  }
  expect(response.status(), `update-manager answered ${response.status()}: ${await response.text()}`).toBe(200);
  await page.keyboard.press('Escape');
  await expect(page.getByText(`Đã lưu cài đặt của ${pageName}.`).first()).toBeVisible();
  await expect(row.getByTestId('no-files-notice')).toHaveCount(0);
}

/** The id a connected page has for this account (sandbox page ids are the account's own), by the page's name. */
export async function connectedPageId(request: APIRequestContext, accessToken: string, pageName: string, apiUrl = API_URL): Promise<string> {
  const response = await request.get(`${apiUrl}/api/v1/facebook/page/access-token-pages?user_id=${encodeURIComponent(userIdOf(accessToken))}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok()) throw new Error(`access-token-pages answered ${response.status()}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { page_data: { page_id: string; page_name: string }[] }[] };
  const page = data.flatMap((account) => account.page_data).find((candidate) => candidate.page_name === pageName);
  if (!page) throw new Error(`no connected page named ${pageName}`);
  return page.page_id;
}

interface TestEvent {
  pageName: string;
  kind: 'Bình luận' | 'Tin nhắn';
  from: string;
  text: string;
  /** The channel's button, when the page has a linked Instagram account to send to (e.g. 'Instagram @banhmicolan'). */
  channel?: string;
}

/**
 * Sends a test comment or message from the Meta sandbox panel of the page manager, as a person fills its form:
 * each choice is checked where it shows (the page named in the form, the radio checked, the name typed) before the
 * next, and a choice the form did not take (a pick, a name typed) is made again and noted in the report. Resolves
 * once the sandbox accepted the event and the page said so.
 */
export async function sendSandboxTestEvent(page: Page, { pageName, kind, from, text, channel }: TestEvent): Promise<void> {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Gửi sự kiện thử' }) });
  const openDropdowns = page.locator('.ant-select-dropdown:visible');
  let picks = 0;
  await expect(async () => {
    if (!(await form.getByText(pageName, { exact: true }).filter({ visible: true }).isVisible())) {
      picks += 1;
      if (picks > 1) test.info().annotations.push({ type: 'retried', description: `the sandbox form did not take the pick of ${pageName}; picked again` });
      await page.getByLabel('Trang', { exact: true }).click();
      await openDropdowns.getByText(pageName, { exact: true }).click({ timeout: 3_000 });
    }
    await expect(form.getByText(pageName, { exact: true }).filter({ visible: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  // An open dropdown takes the focus back from the fields typed into next.
  if (await openDropdowns.count()) await page.keyboard.press('Escape');
  await expect(openDropdowns).toHaveCount(0);
  for (const choice of channel ? [channel, kind] : [kind]) {
    const option = form.locator('.ant-radio-button-wrapper', { hasText: choice });
    await option.click();
    await expect(option).toHaveClass(/ant-radio-button-wrapper-checked/);
  }
  for (const [label, value] of [['Tên khách hàng', from], ['Nội dung khách hàng viết', text]] as const) {
    const field = page.getByLabel(label);
    let fills = 0;
    await expect(async () => {
      fills += 1;
      if (fills > 1) test.info().annotations.push({ type: 'retried', description: `the sandbox form lost "${value}" typed in ${label}; typed again` });
      await field.fill(value);
      await expect(field).toHaveValue(value, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  }
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/v1/sandbox/test-event') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Gửi sự kiện thử' }).click();
  const response = await sent;
  expect(response.status(), `test-event answered ${response.status()}: ${await response.text()}`).toBe(200);
  await expect(page.getByText(/Đã gửi sự kiện thử/).last()).toBeVisible();
}
