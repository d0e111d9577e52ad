import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { REPO_ROOT, SHELL_DEPLOY_DIR } from '../support/deployment';
import { expect, test } from '../support/fixtures';

function treeHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (path: string) => {
    for (const entry of readdirSync(path).sort()) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(entry).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

test.describe('independent deployment', () => {
  test('rebuilding and redeploying only mf_balance changes what the running shell shows', async ({ page, remotes, signInAs }) => {
    test.setTimeout(180_000);
    const source = join(REPO_ROOT, 'mf-balance');
    // A sibling of the real remote, so its relative paths (../tsconfig.base.json) still resolve.
    const work = join(REPO_ROOT, '.redeploy-mf-balance');
    rmSync(work, { recursive: true, force: true });
    cpSync(source, work, { recursive: true, filter: (path) => !/(node_modules|[/\\]build)$/.test(path) });
    const viPath = join(work, 'src', 'locales', 'vi.json');
    const vi = JSON.parse(readFileSync(viPath, 'utf8')) as { overview: { heading: string } };
    vi.overview.heading = 'Tổng quan số dư (phiên bản 2)';
    writeFileSync(viPath, JSON.stringify(vi, null, 2));
    execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules', '@rsbuild', 'core', 'bin', 'rsbuild.js'), 'build'], { cwd: work, stdio: 'pipe' });

    await signInAs('user');
    await page.route('**/api/v1/total-balance/**', (route) => route.fulfill({ json: { status: 200, data: { total_balance: 0 } } }));
    await page.goto('/user-dashboard/balance/');
    await expect(page.getByRole('heading', { name: 'Tổng quan số dư', exact: true })).toBeVisible();

    const shellBefore = treeHash(SHELL_DEPLOY_DIR);
    try {
      await remotes.start('mf_balance', join(work, 'build'));
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Tổng quan số dư (phiên bản 2)' })).toBeVisible();
      expect(treeHash(SHELL_DEPLOY_DIR)).toBe(shellBefore);
    } finally {
      await remotes.start('mf_balance');
    }
  });
});
