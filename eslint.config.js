// @ts-check
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['mf-landing', 'mf-page-manager', 'mf-chatbot', 'mf-balance', 'mf-crm'];
const UI = ['shell', ...REMOTES];

/**
 * The arrows of docs/architecture.md §1 as import zones: remotes never import each other or the shell, nothing
 * imports a remote or the shell, and the server imports no UI code (nor the browser half of the contract).
 */
const zones = [
  ...REMOTES.flatMap((remote) =>
    [...UI.filter((other) => other !== remote)].map((other) => ({
      target: `./${remote}`,
      from: `./${other}`,
      message: `A remote never imports the shell or another remote (docs/architecture.md §1): ${remote} → ${other}.`,
    })),
  ),
  ...REMOTES.map((remote) => ({
    target: './shell',
    from: `./${remote}`,
    message: 'The shell reaches remotes only at run time through Module Federation (docs/architecture.md §1).',
  })),
  ...UI.map((ui) => ({ target: './server', from: `./${ui}`, message: 'The server imports no UI code (docs/architecture.md §1).' })),
  ...UI.map((ui) => ({ target: './shared-contracts', from: `./${ui}`, message: 'shared-contracts imports nothing of the apps (docs/architecture.md §1).' })),
  { target: './shared-contracts', from: './server', message: 'shared-contracts imports nothing of the server (docs/architecture.md §1).' },
];

/** The feature folders of a package (`<package>/src/features/<feature>/`), read when lint starts. */
function featuresOf(app) {
  try {
    return readdirSync(`${app}/src/features`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * Inside a package (docs/architecture.md §1): a feature never imports another feature, and `src/shared/` never
 * imports a feature. What two features need moves to `src/shared/`; pages compose features.
 */
const featureZones = UI.flatMap((app) => [
  ...featuresOf(app).map((feature) => ({
    target: `./${app}/src/features/${feature}`,
    from: `./${app}/src/features`,
    except: [`./${feature}`],
    message: `A feature never imports another feature; move what both need to ${app}/src/shared/ (docs/architecture.md §1).`,
  })),
  {
    target: `./${app}/src/shared`,
    from: `./${app}/src/features`,
    message: `${app}/src/shared/ never imports a feature (docs/architecture.md §1).`,
  },
]);

/** Package-name imports that break the same arrows (workspace packages resolve by name, not path). */
const forbiddenPackages = (self) =>
  ['shell', ...REMOTES, 'server']
    .filter((name) => name !== self)
    .map((name) => ({ name: `@pagemate/${name}`, message: 'Only @pagemate/shared-contracts is shared (docs/architecture.md §1).' }));

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/build/**', '**/dist/**', '**/data/**', '**/test-results/**', '**/playwright-report/**', '.redeploy-*/**', 'e2e/.tmp*/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    // TypeScript sources are imported without their extension: the resolver must find them, or a zone cannot see the import.
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...featureZones] }],
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...UI.map((app) => ({
    files: [`${app}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...forbiddenPackages(app),
            { name: 'react-redux', importNames: ['useSelector', 'useDispatch', 'useStore'], message: 'Use useAppSelector / useAppDispatch / useAppStore from @pagemate/shared-contracts.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...forbiddenPackages('server'),
            { name: '@pagemate/shared-contracts', message: 'The server imports @pagemate/shared-contracts/contracts (no React, no browser code).' },
            { name: 'react', message: 'The server imports no UI code.' },
            { name: 'antd', message: 'The server imports no UI code.' },
          ],
        },
      ],
    },
  },
);
