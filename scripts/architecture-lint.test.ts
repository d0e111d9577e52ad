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

  it('refuses a feature importing another feature, and shared code importing a feature, in every package', async () => {
    expect(await architectureErrors('mf-crm/src/features/posts/probe.ts', "export { connectedPages } from '../inbox/inbox-model';\n")).toEqual([
      expect.stringContaining('A feature never imports another feature; move what both need to mf-crm/src/shared/'),
    ]);
    expect(await architectureErrors('mf-crm/src/features/partner/probe.tsx', "export { OrderStatusTag } from '../orders/order-model.ts';\n")).toHaveLength(1);
    expect(await architectureErrors('mf-page-manager/src/features/config/probe.ts', "export * from '../identity/identity-api';\n")).toHaveLength(1);
    expect(await architectureErrors('mf-chatbot/src/features/chat/probe.ts', "export * from '../documents/documents-api';\n")).toHaveLength(1);
    expect(await architectureErrors('mf-balance/src/features/history/probe.ts', "export * from '../payment/payment-polling';\n")).toHaveLength(1);
    expect(await architectureErrors('mf-crm/src/shared/probe.ts', "export * from '../features/inbox/inbox-model';\n")).toEqual([
      expect.stringContaining('mf-crm/src/shared/ never imports a feature'),
    ]);
  });

  it('lets a feature import itself and the shared code, and pages import features', async () => {
    expect(await architectureErrors('mf-crm/src/features/posts/probe.ts', "export * from './post-model';\nexport * from '../../shared/pages';\n")).toEqual([]);
    expect(await architectureErrors('mf-crm/src/pages/probe.ts', "export * from '../features/posts/post-screen';\nexport * from '../features/inbox/inbox-screen';\n")).toEqual([]);
  });

  it('lets every package import shared-contracts', async () => {
    expect(await architectureErrors('mf-crm/src/probe.ts', "export { formatVnd } from '@pagemate/shared-contracts';\n")).toEqual([]);
  });
});
