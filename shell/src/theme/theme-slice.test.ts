// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { makeStore, STORAGE_KEYS, THEME_DEFAULTS } from '@pagemate/shared-contracts';
import { writeThemeSettings } from './theme-settings';
import {
  backgroundColourSet,
  primaryColourSet,
  readStoredTheme,
  selectThemeSettings,
  themeChoiceSet,
  themeModeSet,
  themeReset,
  themeSlice,
} from './theme-slice';

function storageWith(value: string | null) {
  const items = new Map<string, string>();
  if (value !== null) items.set(STORAGE_KEYS.theme, value);
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, v: string) => void items.set(key, v),
    removeItem: (key: string) => void items.delete(key),
  };
}

const SPEC_RESET = {
  mode: 'light',
  direction: 'ltr',
  navLayout: 'vertical',
  verticalStyle: 'overlay',
  pageStyle: 'regular',
  width: 'fullwidth',
  menuPosition: 'fixed',
  headerPosition: 'fixed',
};

describe('theme settings', () => {
  it('defaults to the product reset state when nothing is stored', () => {
    const settings = readStoredTheme(storageWith(null));
    expect(settings).toMatchObject(SPEC_RESET);
    expect(settings).toEqual(THEME_DEFAULTS);
  });

  it('restores the old { mode } format and a full stored set', () => {
    expect(readStoredTheme(storageWith('{"mode":"dark"}'))).toEqual({ ...THEME_DEFAULTS, mode: 'dark' });
    const stored = {
      direction: 'rtl',
      navLayout: 'horizontal',
      navStyle: 'icon-hover',
      verticalStyle: 'doublemenu',
      pageStyle: 'modern',
      width: 'boxed',
      menuPosition: 'scrollable',
      headerPosition: 'scrollable',
      menuColour: 'gradient',
      headerColour: 'transparent',
      primaryColour: '#7C3AED',
      backgroundColour: '#fff7ed',
      backgroundImage: 'waves',
    };
    expect(readStoredTheme(storageWith(JSON.stringify(stored)))).toEqual({ ...THEME_DEFAULTS, ...stored, primaryColour: '#7c3aed' });
  });

  it('keeps the defaults for stored values that are broken, unknown or of the wrong type', () => {
    expect(readStoredTheme(storageWith('not json'))).toEqual(THEME_DEFAULTS);
    expect(readStoredTheme(storageWith('null'))).toEqual(THEME_DEFAULTS);
    expect(readStoredTheme(storageWith('["dark"]'))).toEqual(THEME_DEFAULTS);
    const bad = readStoredTheme(
      storageWith(
        JSON.stringify({
          mode: 'purple',
          direction: 1,
          verticalStyle: 'sideways',
          primaryColour: '#12345',
          backgroundColour: 'url(http://example.com/x.png)',
          backgroundImage: 'http://example.com/x.png',
          width: 'boxed',
        }),
      ),
    );
    expect(bad).toEqual({ ...THEME_DEFAULTS, width: 'boxed' });
  });

  it('stores only what differs from the defaults, and nothing at all for the defaults', () => {
    const storage = storageWith(null);
    writeThemeSettings(storage, STORAGE_KEYS.theme, { ...THEME_DEFAULTS, mode: 'dark', width: 'boxed' });
    expect(JSON.parse(storage.items.get(STORAGE_KEYS.theme) ?? '')).toEqual({ mode: 'dark', width: 'boxed' });
    writeThemeSettings(storage, STORAGE_KEYS.theme, { ...THEME_DEFAULTS });
    expect(storage.items.has(STORAGE_KEYS.theme)).toBe(false);
  });
});

describe('theme slice', () => {
  const reduce = (...actions: Parameters<typeof themeSlice.reducer>[1][]) =>
    actions.reduce((state, action) => themeSlice.reducer(state, action), { ...THEME_DEFAULTS } as ReturnType<typeof themeSlice.reducer>);

  it('sets each choice, and the header switch still sets the mode', () => {
    const state = reduce(
      themeModeSet('dark'),
      themeChoiceSet({ name: 'direction', value: 'rtl' }),
      themeChoiceSet({ name: 'navLayout', value: 'horizontal' }),
      themeChoiceSet({ name: 'backgroundImage', value: 'dots' }),
    );
    expect(state).toMatchObject({ mode: 'dark', direction: 'rtl', navLayout: 'horizontal', backgroundImage: 'dots' });
  });

  it('accepts only six-digit hex colours', () => {
    for (const refused of ['#12345', '#1234567', 'red', '#GGGGGG', '1a2b3c', ' #1a2b3c', 'rgb(1,2,3)', '']) {
      expect(reduce(primaryColourSet(refused)).primaryColour).toBe(THEME_DEFAULTS.primaryColour);
      expect(reduce(backgroundColourSet(refused)).backgroundColour).toBeNull();
    }
    expect(reduce(primaryColourSet('#1A2B3C')).primaryColour).toBe('#1a2b3c');
    expect(reduce(backgroundColourSet('#ecfdf5'), backgroundColourSet(null)).backgroundColour).toBeNull();
  });

  it('reset returns every setting to the defaults in the shared store', () => {
    const store = makeStore();
    store.dispatch(themeModeSet('dark'));
    store.dispatch(themeChoiceSet({ name: 'width', value: 'boxed' }));
    store.dispatch(primaryColourSet('#e11d48'));
    expect(selectThemeSettings(store.getState())).toMatchObject({ mode: 'dark', width: 'boxed', primaryColour: '#e11d48' });
    store.dispatch(themeReset());
    expect(selectThemeSettings(store.getState())).toEqual(THEME_DEFAULTS);
  });
});
