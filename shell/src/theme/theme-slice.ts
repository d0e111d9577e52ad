import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { isHexColour, rootReducer, STORAGE_KEYS } from '@pagemate/shared-contracts';
import { DEFAULT_THEME_SETTINGS, readThemeSettings, type ThemeMode, type ThemeSettings } from './theme-settings';

export type { ThemeMode, ThemeSettings } from './theme-settings';
export type ThemeState = ThemeSettings;

/** The stored settings, or the defaults where nothing (or nothing valid) is stored. */
export function readStoredTheme(storage: Pick<Storage, 'getItem'> = localStorage): ThemeState {
  return readThemeSettings(storage, STORAGE_KEYS.theme);
}

type ChoiceName = Exclude<keyof ThemeSettings, 'primaryColour' | 'backgroundColour'>;
type ChoicePayload = { [K in ChoiceName]: { name: K; value: ThemeSettings[K] } }[ChoiceName];

export const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => readStoredTheme(),
  reducers: {
    themeModeSet(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
    /** One of the listed choices (mode, direction, layout, styles, colours of menu and header, image). */
    themeChoiceSet(state, action: PayloadAction<ChoicePayload>) {
      (state as Record<ChoiceName, string>)[action.payload.name] = action.payload.value;
    },
    /** Refused (state unchanged) unless a six-digit hex colour (docs/product.md §5). */
    primaryColourSet(state, action: PayloadAction<string>) {
      if (isHexColour(action.payload)) state.primaryColour = action.payload.toLowerCase();
    },
    /** A six-digit hex colour, or null for the mode's own background; anything else is refused. */
    backgroundColourSet(state, action: PayloadAction<string | null>) {
      if (action.payload === null) state.backgroundColour = null;
      else if (isHexColour(action.payload)) state.backgroundColour = action.payload.toLowerCase();
    },
    themeReset: () => ({ ...DEFAULT_THEME_SETTINGS }),
  },
  selectors: {
    selectThemeSettings: (state) => state,
    selectThemeMode: (state) => state.mode,
  },
});

declare module '@pagemate/shared-contracts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the slice
  interface LazyLoadedSlices extends WithSlice<typeof themeSlice> {}
}

export const injectedThemeSlice = themeSlice.injectInto(rootReducer);
export const { themeModeSet, themeChoiceSet, primaryColourSet, backgroundColourSet, themeReset } = themeSlice.actions;
export const { selectThemeSettings, selectThemeMode } = injectedThemeSlice.selectors;
