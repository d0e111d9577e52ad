/** WCAG 2.1 AA: the least contrast of normal-size text against its background (success criterion 1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

type Rgba = [number, number, number, number];

/** `#rgb`, `#rrggbb`, `rgb(…)` or `rgba(…)` as channels 0–255 and alpha 0–1. */
function parseColour(colour: string): Rgba {
  const value = colour.trim().toLowerCase();
  if (value.startsWith('#')) {
    const hex = value.length === 4 ? [...value.slice(1)].map((c) => c + c).join('') : value.slice(1, 7);
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const channels = /^rgba?\(([^)]+)\)$/.exec(value)?.[1]?.split(',').map((part) => Number(part.trim()));
  if (!channels || channels.length < 3 || channels.some(Number.isNaN)) throw new Error(`Not a colour: ${colour}`);
  return [channels[0] ?? 0, channels[1] ?? 0, channels[2] ?? 0, channels[3] ?? 1];
}

/** `top` painted over an opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const alpha = top[3];
  return [0, 1, 2].map((i) => (top[i] ?? 0) * alpha + (bottom[i] ?? 0) * (1 - alpha)).concat(1) as Rgba;
}

function relativeLuminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio (1–21) of text in `foreground` (alpha allowed) on an opaque `background`. */
export function contrastRatio(foreground: string, background: string): number {
  const bottom = over(parseColour(background), [0, 0, 0, 1]);
  const a = relativeLuminance(over(parseColour(foreground), bottom));
  const b = relativeLuminance(bottom);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** `colour` moved `amount` (0–1) of the way towards `target`, as `#rrggbb`. */
export function mixColours(colour: string, target: string, amount: number): string {
  const from = parseColour(colour);
  const to = parseColour(target);
  return `#${[0, 1, 2]
    .map((i) => Math.round((from[i] ?? 0) + ((to[i] ?? 0) - (from[i] ?? 0)) * amount).toString(16).padStart(2, '0'))
    .join('')}`;
}
