import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api } from '../api/base-api.js';
import { authSlice } from './auth-slice.js';
import { listsSlice } from './lists-slice.js';
import { loadingSlice } from './loading-slice.js';
import { paymentSlice } from './payment-slice.js';

/**
 * Slices a remote injects at run time declare themselves here by module augmentation:
 * `declare module '@pagemate/shared-contracts' { interface LazyLoadedSlices { crm: CrmState } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by remotes through declaration merging
export interface LazyLoadedSlices {}

/** The one root reducer; remote slices join it with `rootReducer.inject(slice)`. */
export const rootReducer = combineSlices(authSlice, paymentSlice, listsSlice, loadingSlice, api).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** The only hooks the product uses (lint forbids the untyped ones). */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
