import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer, STORAGE_KEYS } from '@pagemate/shared-contracts';

export type ThemeMode = 'light' | 'dark';

export interface ThemeState {
  mode: ThemeMode;
}

export function readStoredTheme(): ThemeState {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEYS.theme) ?? '{}') as Partial<ThemeState>;
    return { mode: parsed.mode === 'dark' ? 'dark' : 'light' };
  } catch {
    return { mode: 'light' };
  }
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => readStoredTheme(),
  reducers: {
    themeModeSet(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
  },
  selectors: {
    selectThemeMode: (state) => state.mode,
  },
});

declare module '@pagemate/shared-contracts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the slice
  interface LazyLoadedSlices extends WithSlice<typeof themeSlice> {}
}

export const injectedThemeSlice = themeSlice.injectInto(rootReducer);
export const { themeModeSet } = themeSlice.actions;
export const { selectThemeMode } = injectedThemeSlice.selectors;
