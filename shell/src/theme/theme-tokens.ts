import { theme, type ThemeConfig } from 'antd';
import { AA_TEXT_CONTRAST, contrastRatio, mixColours } from './contrast';
import presets from './theme-presets.json';
import type { ThemeMode } from './theme-settings';

/** antd's preset colour names (Tag, Badge, … `color="green"`). */
const PRESET_COLOURS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;
type PresetColour = (typeof PRESET_COLOURS)[number];
type PaletteToken = `${PresetColour}${1 | 7 | 8 | 9}`;

/**
 * Secondary and description text (antd's colorTextTertiary, 45 % by default: 3.4:1 on white, 4.4:1 on black)
 * at 65 %, which reads at AA on every surface of its mode: 7.0:1 on white, 6.8:1 on the light layout grey,
 * 8.2:1 on the dark container.
 */
const DESCRIPTION_TEXT: Record<ThemeMode, string> = { light: 'rgba(0, 0, 0, 0.65)', dark: 'rgba(255, 255, 255, 0.65)' };

export const algorithmOf = (mode: ThemeMode) => (mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm);

/**
 * The link colour seed: the primary colour itself when links drawn in it read at AA on the mode's surfaces,
 * otherwise the primary moved towards white (dark mode) or black (light mode) until they do. The check runs
 * on antd's own derived tokens, since the dark algorithm turns the seed into a darker shade.
 */
function linkSeedOf(mode: ThemeMode, primary: string, background: string | null): string {
  const target = mode === 'dark' ? '#ffffff' : '#000000';
  const layout = background ? { colorBgLayout: background } : {};
  for (let step = 0; step <= 10; step += 1) {
    const seed = mixColours(primary, target, step / 10);
    const derived = theme.getDesignToken({ algorithm: algorithmOf(mode), token: { colorPrimary: primary, colorLink: seed, ...layout } });
    const readable = [derived.colorBgContainer, derived.colorBgLayout].every((bg) => contrastRatio(derived.colorLink, bg) >= AA_TEXT_CONTRAST);
    if (readable) return seed;
  }
  return target;
}

/**
 * Text colours of the preset-coloured tags: antd writes shade 7 on shade 1, under AA for green, cyan, orange,
 * gold, lime, yellow and volcano in light mode (green: 3.4:1) and for purple and geekblue in dark mode; those
 * take the first deeper shade (8, then 9) that reads at AA.
 */
function tagTextTokens(derived: ReturnType<typeof theme.getDesignToken>): Partial<Record<PaletteToken, string>> {
  const tokens: Partial<Record<PaletteToken, string>> = {};
  for (const colour of PRESET_COLOURS) {
    const background = derived[`${colour}1`];
    const text = ([7, 8, 9] as const).map((shade) => derived[`${colour}${shade}`]).find((c) => contrastRatio(c, background) >= AA_TEXT_CONTRAST);
    if (text && text !== derived[`${colour}7`]) tokens[`${colour}7`] = text;
  }
  return tokens;
}

/** The status text colours antd draws Typography's success, warning and danger text with. */
const STATUS_TEXT_TOKENS = ['colorSuccessText', 'colorWarningText', 'colorErrorText'] as const;
type StatusTextToken = (typeof STATUS_TEXT_TOKENS)[number];

/**
 * Status text at AA on the mode's surfaces: antd's own shade where it reads (light green text is 2.3:1 on
 * white), otherwise that shade moved towards black (light mode) or white (dark mode) until it does.
 */
function statusTextTokens(mode: ThemeMode, derived: ReturnType<typeof theme.getDesignToken>): Partial<Record<StatusTextToken, string>> {
  const target = mode === 'dark' ? '#ffffff' : '#000000';
  const tokens: Partial<Record<StatusTextToken, string>> = {};
  for (const name of STATUS_TEXT_TOKENS) {
    for (let step = 0; step <= 10; step += 1) {
      const colour = mixColours(derived[name], target, step / 10);
      if ([derived.colorBgContainer, derived.colorBgLayout].every((bg) => contrastRatio(colour, bg) >= AA_TEXT_CONTRAST)) {
        if (step > 0) tokens[name] = colour;
        break;
      }
    }
  }
  return tokens;
}

/** What of a theme is data (the algorithm is a function of the mode): the form `theme-presets.json` keeps. */
export interface ThemeData {
  token: NonNullable<ThemeConfig['token']>;
  components: NonNullable<ThemeConfig['components']>;
}
/** `theme-presets.json`'s key of a mode and primary colour on the default background. */
export const presetKeyOf = (mode: ThemeMode, primary: string) => `${mode} ${primary.toLowerCase()}`;
const PRESETS = presets as Record<string, ThemeData>;
const computed = new Map<string, ThemeConfig>();

/**
 * The antd theme of a mode and primary colour, with the contrast fixes every remote inherits: links and the
 * selected tab follow the primary colour at a readable shade, description text at 65 %, preset tags and status
 * text (success, warning, danger) with readable text.
 * Deriving it takes dozens of antd token derivations (hundreds of milliseconds on a slow phone, before anything is
 * drawn), so the preset colours' themes come computed from `theme-presets.json` (written by
 * `shell/scripts/theme-presets.ts`, checked against `computeThemeConfig` by theme-tokens.test.ts) and any other
 * colour is computed once per page.
 */
export function themeConfigOf(mode: ThemeMode, primary: string, background: string | null = null): ThemeConfig {
  const preset = background === null ? PRESETS[presetKeyOf(mode, primary)] : undefined;
  if (preset) return { algorithm: algorithmOf(mode), token: preset.token, components: preset.components };
  const key = `${mode} ${primary} ${background ?? ''}`;
  let config = computed.get(key);
  if (!config) {
    config = computeThemeConfig(mode, primary, background);
    computed.set(key, config);
  }
  return config;
}

/** themeConfigOf's derivation itself, without the presets. */
export function computeThemeConfig(mode: ThemeMode, primary: string, background: string | null = null): ThemeConfig {
  const algorithm = algorithmOf(mode);
  const token = {
    colorPrimary: primary,
    colorLink: linkSeedOf(mode, primary, background),
    colorTextTertiary: DESCRIPTION_TEXT[mode],
    colorTextDescription: DESCRIPTION_TEXT[mode],
    ...(background ? { colorBgLayout: background } : {}),
  };
  const derived = theme.getDesignToken({ algorithm, token });
  // The selected tab's label is drawn in the primary colour, which the dark algorithm darkens below AA: the link's shade reads.
  const tabText = { itemSelectedColor: derived.colorLink, itemActiveColor: derived.colorLink, itemHoverColor: derived.colorLink };
  return {
    algorithm,
    token: { ...token, ...statusTextTokens(mode, derived) },
    components: { Tag: tagTextTokens(derived), Tabs: tabText },
  };
}
