import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { THEME_BACKGROUND_PRESETS, THEME_DEFAULTS, THEME_PRIMARY_PRESETS } from '@pagemate/shared-contracts';
import { AA_TEXT_CONTRAST, contrastRatio, mixColours } from './contrast';
import presets from './theme-presets.json';
import { algorithmOf, computeThemeConfig, presetKeyOf, themeConfigOf } from './theme-tokens';

/** The tokens antd derives from a theme config, as a component of that theme sees them. */
function derived(mode: 'light' | 'dark', primary: string, background: string | null = null) {
  const config = themeConfigOf(mode, primary, background);
  return { config, token: theme.getDesignToken(config) };
}

const MODES = ['light', 'dark'] as const;

describe('theme-presets.json', () => {
  it('holds, for every preset colour in both modes, exactly what the derivation gives (else run shell/scripts/theme-presets.ts)', () => {
    const expected: Record<string, unknown> = {};
    for (const mode of MODES) {
      for (const primary of THEME_PRIMARY_PRESETS) {
        const { token, components } = computeThemeConfig(mode, primary);
        expected[presetKeyOf(mode, primary)] = { token, components };
      }
    }
    expect(presets).toEqual(expected);
  });

  it('is what themeConfigOf answers for a preset colour, and a custom colour or background is derived', () => {
    const preset = themeConfigOf('dark', THEME_PRIMARY_PRESETS[1]);
    expect(preset).toEqual({ algorithm: algorithmOf('dark'), ...computeThemeConfig('dark', THEME_PRIMARY_PRESETS[1]) });
    expect(themeConfigOf('light', '#123456')).toEqual(computeThemeConfig('light', '#123456'));
    expect(themeConfigOf('light', THEME_PRIMARY_PRESETS[0], '#fafafa')).toEqual(computeThemeConfig('light', THEME_PRIMARY_PRESETS[0], '#fafafa'));
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG figures', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    // Alpha is painted over the background first: 45 % black on white is #8c8c8c.
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#fff')).toBeCloseTo(contrastRatio('#8c8c8c', '#ffffff'), 1);
  });

  it('mixes colours towards a target', () => {
    expect(mixColours('#0958d9', '#ffffff', 0)).toBe('#0958d9');
    expect(mixColours('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColours('#123456', '#000000', 1)).toBe('#000000');
  });
});

describe('themeConfigOf', () => {
  it('defaults to a primary colour that carries white text and reads as text at AA', () => {
    const { token } = derived('light', THEME_DEFAULTS.primaryColour);
    expect(contrastRatio('#ffffff', token.colorPrimary)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(token.colorPrimary, token.colorBgContainer)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    // The selected menu item: primary text on the primary's lightest tint.
    expect(contrastRatio(token.colorPrimary, token.colorPrimaryBg)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('gives every preset primary colour white button text at AA in both modes', () => {
    for (const primary of THEME_PRIMARY_PRESETS) {
      for (const mode of MODES) {
        expect(contrastRatio('#ffffff', derived(mode, primary).token.colorPrimary), `${primary} ${mode}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
    }
  });

  it('draws links and description text at AA on the container and the layout, whatever the primary colour and mode', () => {
    for (const primary of [...THEME_PRIMARY_PRESETS, '#1677ff', '#ffcc00', '#1a2b3c']) {
      for (const mode of MODES) {
        const { token } = derived(mode, primary);
        for (const background of [token.colorBgContainer, token.colorBgLayout]) {
          expect(contrastRatio(token.colorLink, background), `link ${primary} ${mode} on ${background}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
          expect(contrastRatio(token.colorTextDescription, background), `description ${mode} on ${background}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
          expect(contrastRatio(token.colorTextSecondary, background), `secondary ${mode} on ${background}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
        }
      }
    }
  });

  it('draws success, warning and danger text and the selected tab at AA on the container and the layout in both modes', () => {
    for (const primary of [...THEME_PRIMARY_PRESETS, '#1677ff']) {
      for (const mode of MODES) {
        const { config, token } = derived(mode, primary);
        const tabs = config.components?.Tabs as { itemSelectedColor?: string } | undefined;
        for (const background of [token.colorBgContainer, token.colorBgLayout]) {
          for (const text of [token.colorSuccessText, token.colorWarningText, token.colorErrorText, tabs?.itemSelectedColor ?? token.colorPrimary]) {
            expect(contrastRatio(text, background), `${text} ${primary} ${mode} on ${background}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
          }
        }
      }
    }
  });

  it('keeps links readable on a preset page background', () => {
    for (const background of THEME_BACKGROUND_PRESETS) {
      const { token } = derived('light', THEME_DEFAULTS.primaryColour, background);
      expect(token.colorBgLayout).toBe(background);
      expect(contrastRatio(token.colorLink, background), background).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });

  it('keeps the primary colour itself as the link colour when it already reads at AA', () => {
    expect(derived('light', THEME_DEFAULTS.primaryColour).token.colorLink).toBe(THEME_DEFAULTS.primaryColour);
  });

  it('gives preset-coloured tags text at AA on their tint in both modes', () => {
    for (const mode of MODES) {
      const { config, token } = derived(mode, THEME_DEFAULTS.primaryColour);
      const tag = { ...token, ...config.components?.Tag } as unknown as Record<string, string>;
      for (const colour of ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold']) {
        expect(contrastRatio(tag[`${colour}7`] ?? '', tag[`${colour}1`] ?? ''), `${colour} ${mode}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
    }
  });
});
