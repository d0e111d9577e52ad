import type { ThemeSettings } from './theme-settings';

const svg = (body: string, size: number) =>
  `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' width='${size}' height='${size}'>${body}</svg>`)}")`;

/** The five background images: CSS gradients and tiny inline SVG patterns, nothing downloaded. */
export const BACKGROUND_IMAGE_CSS: Record<ThemeSettings['backgroundImage'], string> = {
  none: 'none',
  aurora:
    'radial-gradient(at 12% 18%, rgba(124,58,237,0.22) 0, transparent 45%), radial-gradient(at 88% 12%, rgba(13,148,136,0.22) 0, transparent 45%), radial-gradient(at 60% 90%, rgba(22,119,255,0.18) 0, transparent 50%)',
  dots: svg("<circle cx='2' cy='2' r='1.6' fill='rgba(100,116,139,0.35)'/>", 18),
  grid: svg("<path d='M24 0H0V24' fill='none' stroke='rgba(100,116,139,0.22)' stroke-width='1'/>", 24),
  waves: svg("<path d='M0 20 Q10 10 20 20 T40 20' fill='none' stroke='rgba(22,119,255,0.25)' stroke-width='2'/>", 40),
  sunset: 'linear-gradient(160deg, rgba(251,191,36,0.22) 0%, rgba(244,63,94,0.18) 50%, rgba(124,58,237,0.18) 100%)',
};
