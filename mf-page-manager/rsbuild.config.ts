import { defineConfig } from '@rsbuild/core';
import { remoteRsbuildConfig } from '@pagemate/shared-contracts/build';
import pkg from './package.json' with { type: 'json' };

export default defineConfig(
  remoteRsbuildConfig({ name: 'mf_page_manager', port: 3102, pkg, exposes: { './routes': './src/routes.tsx' } }),
);
