import { isHexColour, THEME_BACKGROUND_IMAGES, THEME_CHOICES, THEME_DEFAULTS, type ThemeChoiceName } from '@pagemate/shared-contracts/plain';

type Choices = { -readonly [K in ThemeChoiceName]: (typeof THEME_CHOICES)[K][number] };

/** The theme settings of docs/product.md §3: one value per customizer choice, plus the colours and the background image. */
export interface ThemeSettings extends Choices {
  /** Six-digit hex. */
  primaryColour: string;
  /** Six-digit hex, or null for the mode's own background. */
  backgroundColour: string | null;
  backgroundImage: (typeof THEME_BACKGROUND_IMAGES)[number];
}

export type ThemeMode = ThemeSettings['mode'];

export const DEFAULT_THEME_SETTINGS: ThemeSettings = { ...THEME_DEFAULTS };

const CHOICE_NAMES = Object.keys(THEME_CHOICES) as ThemeChoiceName[];

function isOneOf<T extends string>(options: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (options as readonly string[]).includes(value);
}

/**
 * Settings from a stored value: anything missing, unknown or malformed falls back to its default, so a value
 * holding only `{ mode }` and hand-edited storage both load.
 */
export function parseThemeSettings(raw: unknown): ThemeSettings {
  const settings: ThemeSettings = { ...DEFAULT_THEME_SETTINGS };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return settings;
  const stored = raw as Record<string, unknown>;
  for (const name of CHOICE_NAMES) {
    const value = stored[name];
    if (isOneOf(THEME_CHOICES[name], value)) (settings as unknown as Record<string, string>)[name] = value;
  }
  if (typeof stored.primaryColour === 'string' && isHexColour(stored.primaryColour)) settings.primaryColour = stored.primaryColour.toLowerCase();
  if (typeof stored.backgroundColour === 'string' && isHexColour(stored.backgroundColour)) settings.backgroundColour = stored.backgroundColour.toLowerCase();
  if (isOneOf(THEME_BACKGROUND_IMAGES, stored.backgroundImage)) settings.backgroundImage = stored.backgroundImage;
  return settings;
}

/** Only what differs from the defaults is stored: dark mode alone stays `{ "mode": "dark" }`. */
export function changedFromDefaults(settings: ThemeSettings): Partial<ThemeSettings> {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(settings)) {
    if (value !== DEFAULT_THEME_SETTINGS[name as keyof ThemeSettings]) changed[name] = value;
  }
  return changed as Partial<ThemeSettings>;
}

export function readThemeSettings(storage: Pick<Storage, 'getItem'>, key: string): ThemeSettings {
  try {
    return parseThemeSettings(JSON.parse(storage.getItem(key) ?? '{}'));
  } catch {
    return { ...DEFAULT_THEME_SETTINGS };
  }
}

/** Writes the changed settings; when nothing differs from the defaults the key is removed. */
export function writeThemeSettings(storage: Pick<Storage, 'setItem' | 'removeItem'>, key: string, settings: ThemeSettings): void {
  const changed = changedFromDefaults(settings);
  try {
    if (Object.keys(changed).length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(changed));
  } catch (error) {
    console.warn('[pagemate] could not save the theme settings', error);
  }
}
