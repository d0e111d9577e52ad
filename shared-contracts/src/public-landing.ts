import type { ComponentType } from 'react';
import type { Language } from './contracts/constants.js';
import type { LocaleTree } from './contracts/locales.js';

/** The theme choices the public landing page follows (the customizer's mode and primary colour). */
export interface LandingThemeChoice {
  dark: boolean;
  /** Six-digit hex. */
  primary: string;
  fontFamily?: string;
}

/** The module name `mf_landing` exposes its light landing page under. */
export const PUBLIC_LANDING_MODULE = 'mf_landing/landing';

/**
 * What `mf_landing` exposes as `./landing`: the public landing page without the app around it (no store,
 * router, antd or API client), which the shell mounts on its own for signed-out visitors of `/` so they
 * download only what that page uses. The full app mounts the same page through `./routes`.
 */
export interface PublicLandingModule {
  namespace: string;
  resources: Record<Language, LocaleTree>;
  LandingPage: ComponentType<{ theme: LandingThemeChoice }>;
}
