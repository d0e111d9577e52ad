import { expect, type Page } from '@playwright/test';

/**
 * Chooses English in the header's language menu, as a user does, and waits until the header says "en". A tap
 * that lands while the app is still drawing itself after a load can be lost (the menu is drawn again under the
 * pointer); the user taps again, and so does this helper, up to three times. A switch that never happens fails.
 */
export async function chooseEnglish(page: Page): Promise<void> {
  const dropdown = page.getByTestId('language-dropdown');
  let tries = 0;
  await expect(async () => {
    tries += 1;
    if (tries > 3) throw new Error('the language did not switch to English after three choices');
    if (!(await page.getByRole('menuitem', { name: /English/ }).isVisible())) await dropdown.click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await expect(dropdown).toContainText('en', { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}
