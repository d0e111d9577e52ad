import type { Locator } from '@playwright/test';
import { expect } from './fixtures';
import { tinyPng } from './images';

/** The Vietnam wall clock (UTC+7) of an instant, as the post form shows it: DD/MM/YYYY HH:mm. */
export function vietnamWallClock(instant: Date): string {
  const local = new Date(instant.getTime() + 7 * 3600 * 1000).toISOString();
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

/**
 * Sets the post editor's first time to the first whole minute at least 70 s away, typed in Vietnam time (the
 * form's time zone), and returns that instant.
 */
export async function setPostTimeSoon(editor: Locator): Promise<Date> {
  const due = new Date(Math.ceil((Date.now() + 70_000) / 60_000) * 60_000);
  const timeInput = editor.getByTestId('post-time').locator('input');
  await timeInput.click();
  await timeInput.fill(vietnamWallClock(due));
  await timeInput.press('Enter');
  return due;
}

/** Uploads a small PNG as the post's image and waits for its thumbnail, which links to the image as Facebook will fetch it. */
export async function attachPostImage(editor: Locator): Promise<void> {
  await editor.getByTestId('post-images').locator('input[type=file]').setInputFiles({ name: 'banh-mi.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(editor.getByTestId('post-images').locator('a[title="banh-mi.png"][href*="/media/"]')).toHaveCount(1);
}
