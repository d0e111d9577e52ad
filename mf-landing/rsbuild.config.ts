import { defineConfig } from '@rsbuild/core';
import { remoteRsbuildConfig } from '@pagemate/shared-contracts/build';
import pkg from './package.json' with { type: 'json' };

export default defineConfig(
  remoteRsbuildConfig({ name: 'mf_landing', port: 3101, pkg, exposes: { './routes': './src/routes.tsx', './landing': './src/landing.tsx' } }),
);
