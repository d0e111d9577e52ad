/**
 * Writes `src/theme/theme-presets.json`: the antd theme (tokens and component tokens) of every preset primary
 * colour in light and dark mode on the default background, as `computeThemeConfig` derives it, so a page starts
 * without deriving it (src/theme/theme-tokens.ts). theme-tokens.test.ts fails when the file no longer matches the
 * derivation (an antd upgrade, a changed contrast rule): then run `npx tsx shell/scripts/theme-presets.ts`.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { THEME_PRIMARY_PRESETS } from '@pagemate/shared-contracts/contracts';
import { computeThemeConfig, presetKeyOf, type ThemeData } from '../src/theme/theme-tokens';

const presets: Record<string, ThemeData> = {};
for (const mode of ['light', 'dark'] as const) {
  for (const primary of THEME_PRIMARY_PRESETS) {
    const { token = {}, components = {} } = computeThemeConfig(mode, primary);
    presets[presetKeyOf(mode, primary)] = { token, components };
  }
}
const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'theme', 'theme-presets.json');
writeFileSync(file, `${JSON.stringify(presets, null, 2)}\n`);
console.log(`${Object.keys(presets).length} preset themes written to ${file}`);
