import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from '../contracts/entities.js';

export interface AuthState {
  accessToken: string | null;
  user: SessionUser | null;
  isAuthenticated: boolean;
  userFeatures: string[];
  listFeatures: string[];
  /** Set once the stored session has been read at start (docs/product.md §4). */
  ready: boolean;
}

const initialState: AuthState = {
  accessToken: null,
  user: null,
  isAuthenticated: false,
  userFeatures: [],
  listFeatures: [],
  ready: false,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionStarted(state, action: PayloadAction<{ accessToken: string; user: SessionUser }>) {
      state.accessToken = action.payload.accessToken;
      state.user = action.payload.user;
      state.isAuthenticated = true;
    },
    featuresLoaded(state, action: PayloadAction<{ userFeatures: string[]; listFeatures?: string[] }>) {
      state.userFeatures = action.payload.userFeatures;
      state.listFeatures = action.payload.listFeatures ?? state.listFeatures;
    },
    sessionCleared(state) {
      state.accessToken = null;
      state.user = null;
      state.isAuthenticated = false;
      state.userFeatures = [];
      state.listFeatures = [];
    },
    sessionReady(state) {
      state.ready = true;
    },
  },
  selectors: {
    selectAccessToken: (state) => state.accessToken,
    selectSessionUser: (state) => state.user,
    selectIsAuthenticated: (state) => state.isAuthenticated,
    selectSessionReady: (state) => state.ready,
    selectUserFeatures: (state) => state.userFeatures,
  },
});

export const { sessionStarted, featuresLoaded, sessionCleared, sessionReady } = authSlice.actions;
export const { selectAccessToken, selectSessionUser, selectIsAuthenticated, selectSessionReady, selectUserFeatures } =
  authSlice.selectors;
