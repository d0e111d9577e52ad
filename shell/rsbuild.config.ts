import { defineConfig } from '@rsbuild/core';
import { hostRsbuildConfig } from '@pagemate/shared-contracts/build';
import pkg from './package.json' with { type: 'json' };

export default defineConfig(hostRsbuildConfig({ name: 'pagemate_shell', port: 3000, pkg, favicon: './src/favicon.svg', appChunkGroup: 'app' }));
