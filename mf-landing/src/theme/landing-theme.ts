import type { CSSProperties } from 'react';

/** The theme choices the landing follows: the customizer's mode and primary colour. */
export interface LandingTheme {
  dark: boolean;
  /** Six-digit hex. */
  primary: string;
  fontFamily?: string;
}

type Rgb = [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const SURFACES = { light: { bg: '#ffffff', alt: '#f5f5f5' }, dark: { bg: '#141414', alt: '#000000' } } as const;
/** WCAG AA for normal text. */
const MIN_CONTRAST = 4.5;

function parseHex(hex: string): Rgb {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex)?.[1] ?? '1677ff';
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(parseHex(a)), luminance(parseHex(b))].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map((c, i) => c + ((to[i] ?? c) - c) * amount) as Rgb;
}

/** `colour` moved towards `towards` in small steps until it reaches AA contrast against every surface. */
function withContrast(colour: string, surfaces: string[], towards: Rgb): string {
  const start = parseHex(colour);
  for (let step = 0; step <= 20; step += 1) {
    const candidate = toHex(mix(start, towards, step / 20));
    if (surfaces.every((surface) => contrastRatio(candidate, surface) >= MIN_CONTRAST)) return candidate;
  }
  return toHex(towards);
}

/**
 * The landing's CSS variables for a theme. Accents are the primary colour, darkened just enough for white
 * text on it (buttons) and shifted just enough to read on the page's background (text), so any custom
 * primary colour stays AA-readable.
 */
export function landingThemeVars({ dark, primary, fontFamily }: LandingTheme): CSSProperties {
  const surface = dark ? SURFACES.dark : SURFACES.light;
  const accent = withContrast(primary, [toHex(WHITE)], [0, 0, 0]);
  const accentText = withContrast(primary, [surface.bg, surface.alt], dark ? WHITE : [0, 0, 0]);
  return {
    '--landing-bg': surface.bg,
    '--landing-bg-alt': surface.alt,
    '--landing-text': dark ? 'rgba(255, 255, 255, 0.88)' : 'rgba(0, 0, 0, 0.88)',
    '--landing-text-secondary': dark ? 'rgba(255, 255, 255, 0.7)' : 'rgba(0, 0, 0, 0.68)',
    '--landing-border': dark ? '#303030' : '#e8e8e8',
    '--landing-accent': accent,
    '--landing-accent-soft': toHex(mix(parseHex(primary), parseHex(surface.bg), dark ? 0.8 : 0.88)),
    '--landing-accent-large-text': accentText,
    '--landing-radius': '8px',
    '--landing-font': fontFamily ?? "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    colorScheme: dark ? 'dark' : 'light',
  } as CSSProperties;
}
