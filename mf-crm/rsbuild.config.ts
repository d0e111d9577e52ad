import { defineConfig } from '@rsbuild/core';
import { remoteRsbuildConfig } from '@pagemate/shared-contracts/build';
import pkg from './package.json' with { type: 'json' };

export default defineConfig(
  remoteRsbuildConfig({ name: 'mf_crm', port: 3105, pkg, exposes: { './routes': './src/routes.tsx' } }),
);
