/**
 * The product's numbers and texts (docs/product.md §5, §8, §9). They live here once and are imported everywhere else.
 */

/** Shared API client request timeout (docs/product.md §7, §9). */
export const REQUEST_TIMEOUT_MS = 100_000;
/** Persisted-state write/restore timeout that is reported when exceeded (docs/product.md §8, §9). */
export const PERSISTENCE_TIMEOUT_MS = 5_000;
/** Side menu collapses at this width or narrower (docs/product.md §2, §9). */
export const SIDE_MENU_BREAKPOINT_PX = 992;
/** A phone: at this width or narrower the layouts' menus take no width until opened (the shell's styles.css media query). */
export const PHONE_MAX_WIDTH_PX = 576;
/** The least height of a control on a phone (a thumb's reliable target): antd's controlHeight at phone widths. */
export const PHONE_TOUCH_TARGET_PX = 44;
/** The side menu becomes sticky after this much vertical scroll. */
export const STICKY_MENU_SCROLL_PX = 30;
/** The scroll-to-top button appears after this much vertical scroll. */
export const SCROLL_TO_TOP_PX = 100;
/** Facebook authorization popup size (docs/product.md §4, §9). */
export const FACEBOOK_POPUP = { width: 600, height: 700 } as const;
/** Meta Graph API version used for the dialog and every server call. */
export const FACEBOOK_API_VERSION = 'v20.0';
/** Scopes of the Facebook authorization dialog (docs/product.md §7). */
export const FACEBOOK_SCOPES = ['pages_show_list', 'pages_messaging', 'public_profile', 'pages_manage_metadata'] as const;
/** Toasts (antd message): default duration in seconds and top offset in px (docs/product.md §9). */
export const TOAST = { durationSeconds: 3, top: 8 } as const;
/** Notifications (antd notification): default duration in seconds (docs/product.md §9). */
export const NOTIFICATION_DURATION_SECONDS = 4.5;
/** Header notification dropdown width (docs/product.md §2). */
export const NOTIFICATION_DROPDOWN_WIDTH = '22rem';
/** Landing testimonials carousel (docs/product.md §2, §9). */
export const TESTIMONIAL_CAROUSEL = {
  autoplaySpeedMs: 2_500,
  responsive: [
    { maxWidthExclusivePx: 480, slidesToShow: 1 },
    { maxWidthExclusivePx: 780, slidesToShow: 2 },
    { maxWidthExclusivePx: Number.POSITIVE_INFINITY, slidesToShow: 3 },
  ],
} as const;

/** How many testimonials a carousel of this width shows: 1 under 480 px, 2 from 480, 3 from 780. */
export function testimonialSlidesFor(widthPx: number): number {
  const rule = TESTIMONIAL_CAROUSEL.responsive.find((r) => widthPx < r.maxWidthExclusivePx);
  return rule?.slidesToShow ?? 3;
}

/** Landing page marketing figures (docs/product.md §9). */
export const LANDING_FIGURES = { projects: '120+', customers: '100+', activeUsers: '854', years: '5+' } as const;
/** Landing services: eight steps. */
export const LANDING_SERVICE_STEPS = 8;
/** Footer copyright year (docs/product.md §1). */
export const COPYRIGHT_YEAR = 2024;

/** Chat answer-style temperatures (docs/product.md §9). `labelKey`/`descriptionKey` are in the `chatbot` namespace. */
export const TEMPERATURE_OPTIONS = [
  { value: 0, label: 'Exactly', labelKey: 'temperature.exactly.label', descriptionKey: 'temperature.exactly.description' },
  { value: 0.5, label: 'Stable', labelKey: 'temperature.stable.label', descriptionKey: 'temperature.stable.description' },
  { value: 0.7, label: 'Flexible', labelKey: 'temperature.flexible.label', descriptionKey: 'temperature.flexible.description' },
  { value: 1, label: 'Creative', labelKey: 'temperature.creative.label', descriptionKey: 'temperature.creative.description' },
] as const;

/** Upload allow-list (docs/product.md §5), lower-case with the dot. */
export const ALLOWED_UPLOAD_EXTENSIONS = [
  '.js', '.py', '.java', '.cpp', '.cc', '.cxx', '.c', '.cs', '.php', '.rb', '.swift', '.ts', '.go',
  '.csv', '.docx', '.doc', '.html', '.md', '.txt', '.text', '.log', '.xlsx', '.xls',
] as const;
export type AllowedUploadExtension = (typeof ALLOWED_UPLOAD_EXTENSIONS)[number];

/** The exact upload messages (docs/product.md §5, §8). */
export const UPLOAD_MESSAGES = {
  duplicate: 'The file already exists, please select another file!',
  invalidFormat: 'Please upload files in allowed formats.',
  success: 'Upload file success!',
  failure: 'Cannot upload file at the moment!',
} as const;

/**
 * Upload limits (docs/product.md §5): the client shows `maxFileBytes`; the server also refuses archives
 * (docx, xlsx) whose central directory declares more entries, more unpacked bytes or a higher per-entry
 * compression ratio than these, before anything unpacks them (zip bombs).
 */
export const UPLOAD_LIMITS = {
  maxFileBytes: 20 * 1024 * 1024,
  maxZipEntries: 2_000,
  maxUncompressedBytes: 100 * 1024 * 1024,
  maxCompressionRatio: 100,
} as const;

/** The other exact user-visible texts (docs/product.md §4, §8). */
export const SPEC_MESSAGES = {
  logoutSuccess: 'Logout success.',
  facebookConnected: 'Kết nối thành công!',
  balanceFetchFailed: 'Unable to fetch total balance.',
  ordersFetchFailed: 'Error fetching orders',
  copied: 'Copied to clipboard',
  noNotifications: 'No New Notifications',
} as const;

/** Where `config.json` says `remotes.json` is when it names no `remotesUrl`. */
export const DEFAULT_REMOTES_URL = '/remotes.json';

/** Languages and translation namespaces. Vietnamese is the default (docs/product.md §1). */
export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';
export const LANGUAGE_STORAGE_KEY = 'appLanguage';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Language stored under `appLanguage`, Vietnamese by default. */
export function storedLanguage(storage: { getItem(key: string): string | null } | undefined): Language {
  const value = storage?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/**
 * Client-side storage keys (docs/product.md §3). The lists (pages, configs, identities, procedures) are kept
 * inside `root` (`store/persistence.ts`); nothing writes `listConfig` … `cachedFiles` on their own, and a sign-out
 * removes them with the rest where an older version left them.
 */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  persistedRoot: 'root',
  userFeatures: 'userFeatures',
  listConfig: 'listConfig',
  listProcedure: 'listProcedure',
  listIdentity: 'listIdentity',
  listPage: 'listPage',
  cachedPages: 'cachedPages',
  cachedFiles: 'cachedFiles',
  theme: 'themeSettings',
} as const;

/** Six-digit hex colour accepted by the custom colour pickers (docs/product.md §5). */
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export function isHexColour(value: string): boolean {
  return HEX_COLOUR_PATTERN.test(value);
}

/**
 * Product features a session can have (`userFeatures`); `listFeatures` is every feature the product
 * offers. The server decides which a user gets; the shell only reads them.
 */
export const FEATURES = [
  'dashboard',
  'page-manager',
  'file-manager',
  'chatbot',
  'post-manager',
  'comment-manager',
  'message-manager',
  'client-manager',
  'order-manager',
  'balance',
  'partner-dashboard',
  'partner-crm',
  'partner-hrm',
] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * The OAuth redirect target on the API (docs/product.md §7: the dialog redirects to the API's connect endpoint). It connects
 * nothing itself: it answers a small page that hands `{ source: FACEBOOK_CONNECT_MESSAGE_SOURCE, code, state }`
 * (or `{ source, error }`) to the page manager that opened it, which finishes with `facebookConnectComplete`.
 */
export const FACEBOOK_CONNECT_PATH = 'api/v1/facebook/connect';
export const FACEBOOK_CONNECT_MESSAGE_SOURCE = 'pagemate-facebook-connect';
/** The `error` the connect page hands over: the dialog was cancelled, its state is not usable, no code, Facebook's error. */
export const FACEBOOK_CONNECT_POPUP_ERRORS = ['access_denied', 'invalid_state', 'missing_code', 'facebook_error'] as const;
export type FacebookConnectPopupError = (typeof FACEBOOK_CONNECT_POPUP_ERRORS)[number];

/** Every choice of the theme customizer (docs/product.md §3 theme settings, §4 theme states). */
export const THEME_CHOICES = {
  mode: ['light', 'dark'],
  direction: ['ltr', 'rtl'],
  navLayout: ['vertical', 'horizontal'],
  navStyle: ['menu-click', 'menu-hover', 'icon-click', 'icon-hover'],
  verticalStyle: ['default', 'closed', 'icontext', 'overlay', 'detached', 'doublemenu'],
  pageStyle: ['regular', 'classic', 'modern'],
  width: ['fullwidth', 'boxed'],
  menuPosition: ['fixed', 'scrollable'],
  headerPosition: ['fixed', 'scrollable'],
  menuColour: ['light', 'dark', 'color', 'gradient', 'transparent'],
  headerColour: ['light', 'dark', 'color', 'gradient', 'transparent'],
} as const;
export type ThemeChoiceName = keyof typeof THEME_CHOICES;

/**
 * The five preset primary colours; the first, the default, is antd's blue 7 (antd's own primary, blue 6, is
 * 4.1:1 under white text). Each carries white button text at WCAG AA (≥ 4.5:1): 6.2, 5.7, 4.7, 5.5, 5.2.
 */
export const THEME_PRIMARY_PRESETS = ['#0958d9', '#7c3aed', '#e11d48', '#0f766e', '#c2410c'] as const;
/** The five preset page background colours (the default keeps the mode's own background). */
export const THEME_BACKGROUND_PRESETS = ['#f0f4ff', '#f5f0ff', '#fff1f2', '#ecfdf5', '#fff7ed'] as const;
/** The five background images (drawn in CSS, nothing downloaded), or none. */
export const THEME_BACKGROUND_IMAGES = ['none', 'aurora', 'dots', 'grid', 'waves', 'sunset'] as const;

/** The reset state (docs/product.md §4): light, LTR, vertical overlay, regular, full width, fixed menu and header. */
export const THEME_DEFAULTS = {
  mode: 'light',
  direction: 'ltr',
  navLayout: 'vertical',
  navStyle: 'menu-click',
  verticalStyle: 'overlay',
  pageStyle: 'regular',
  width: 'fullwidth',
  menuPosition: 'fixed',
  headerPosition: 'fixed',
  menuColour: 'light',
  headerColour: 'light',
  primaryColour: THEME_PRIMARY_PRESETS[0],
  backgroundColour: null,
  backgroundImage: 'none',
} as const;
/** Width of the boxed layout. */
export const BOXED_LAYOUT_MAX_WIDTH_PX = 1280;
