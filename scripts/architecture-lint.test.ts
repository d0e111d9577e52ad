import { ESLint } from 'eslint';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Lints a source text as if it were the file at `path`, and returns the messages of the architecture's rules. */
async function architectureErrors(path: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths' || message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the import arrows, as lint enforces them', () => {
  it('refuses a remote importing another remote or the shell, with or without the file extension', async () => {
    expect(await architectureErrors('mf-balance/src/shared/probe.ts', "export { crmRoutes } from '../../../mf-crm/src/routes';\n")).toEqual([
      expect.stringContaining('mf-balance → mf-crm'),
    ]);
    expect(await architectureErrors('mf-balance/src/shared/probe.ts', "export { crmRoutes } from '../../../mf-crm/src/routes.tsx';\n")).toHaveLength(1);
    expect(await architectureErrors('mf-chatbot/src/probe.ts', "export { App } from '../../shell/src/app';\n")).toEqual([expect.stringContaining('mf-chatbot → shell')]);
    expect(await architectureErrors('mf-chatbot/src/probe.ts', "export * from '@pagemate/mf-crm';\n")).toEqual([expect.stringContaining('Only @pagemate/shared-contracts is shared')]);
  });

  it('refuses the server importing UI code, and shared-contracts importing any app', async () => {
    expect(await architectureErrors('server/src/probe.ts', "export * from '../../shell/src/app';\n")).toEqual([expect.stringContaining('The server imports no UI code')]);
    expect(await architectureErrors('shared-contracts/src/probe.ts', "export * from '../../server/src/app';\n")).toHaveLength(1);
  });

  it('lets every package import shared-contracts', async () => {
    expect(await architectureErrors('mf-crm/src/probe.ts', "export { formatVnd } from '@pagemate/shared-contracts';\n")).toEqual([]);
  });
});
