import { THEME_PRIMARY_PRESETS } from '@pagemate/shared-contracts';
import { describe, expect, it } from 'vitest';
import { contrastRatio, landingThemeVars } from './landing-theme';

const varsOf = (dark: boolean, primary: string) => {
  const vars = landingThemeVars({ dark, primary }) as Record<string, string>;
  return (name: string) => vars[`--landing-${name}`] ?? '';
};

describe('landing theme', () => {
  it('knows the WCAG contrast of black on white and of a colour with itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0958d9', '#0958d9')).toBe(1);
  });

  for (const dark of [false, true]) {
    it(`keeps every preset and odd custom primary AA-readable in ${dark ? 'dark' : 'light'} mode`, () => {
      for (const primary of [...THEME_PRIMARY_PRESETS, '#1677ff', '#ffff00', '#00ff00', '#ffffff', '#000000']) {
        const cssVar = varsOf(dark, primary);
        // White text on accent-filled buttons, accent-coloured text on both page surfaces.
        expect(contrastRatio('#ffffff', cssVar('accent')), primary).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(cssVar('accent-large-text'), cssVar('bg')), primary).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(cssVar('accent-large-text'), cssVar('bg-alt')), primary).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it('leaves a primary colour that already reads well as it is', () => {
    expect(varsOf(false, '#0958d9')('accent')).toBe('#0958d9');
  });

  it('follows the mode', () => {
    expect(varsOf(false, '#0958d9')('bg')).toBe('#ffffff');
    expect(varsOf(true, '#0958d9')('bg')).toBe('#141414');
  });
});
