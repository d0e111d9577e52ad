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

/**
 * mf_balance copied beside the real remote (so its relative paths, ../tsconfig.base.json, still resolve),
 * changed by `edit`, and built alone with its own rsbuild, as its team would. Answers the build folder.
 */
function rebuiltBalance(edit: (work: string) => void): string {
  const work = join(REPO_ROOT, '.redeploy-mf-balance');
  rmSync(work, { recursive: true, force: true });
  cpSync(join(REPO_ROOT, 'mf-balance'), work, { recursive: true, filter: (path) => !/(node_modules|[/\\]build)$/.test(path) });
  edit(work);
  execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules', '@rsbuild', 'core', 'bin', 'rsbuild.js'), 'build'], { cwd: work, stdio: 'pipe' });
  return join(work, 'build');
}

test.describe('independent deployment', () => {
  test('rebuilding and redeploying only mf_balance changes what the running shell shows', async ({ page, remotes, signInAs }) => {
    test.setTimeout(180_000);
    const build = rebuiltBalance((work) => {
      const viPath = join(work, 'src', 'locales', 'vi.json');
      const vi = JSON.parse(readFileSync(viPath, 'utf8')) as { overview: { heading: string } };
      vi.overview.heading = 'Tổng quan số dư (phiên bản 2)';
      writeFileSync(viPath, JSON.stringify(vi, null, 2));
    });

    await signInAs('user');
    await page.route('**/api/v1/total-balance/**', (route) => route.fulfill({ json: { status: 200, data: { total_balance: 0 } } }));
    await page.goto('/user-dashboard/balance/');
    await expect(page.getByRole('heading', { name: 'Tổng quan số dư', exact: true })).toBeVisible();

    const shellBefore = treeHash(SHELL_DEPLOY_DIR);
    try {
      await remotes.start('mf_balance', build);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Tổng quan số dư (phiên bản 2)' })).toBeVisible();
      expect(treeHash(SHELL_DEPLOY_DIR)).toBe(shellBefore);
    } finally {
      await remotes.start('mf_balance');
    }
  });

  test("a remote redeployed with an antd component the shell's cut-down antd lacks still works: it gets the whole antd", async ({ page, remotes, signInAs }) => {
    test.setTimeout(180_000);
    // Slider is imported nowhere in the product, so the shell's antd was cut without it.
    const build = rebuiltBalance((work) => {
      const routes = join(work, 'src', 'routes.tsx');
      const source = readFileSync(routes, 'utf8')
        .replace("import { defineRemoteModule } from '@pagemate/shared-contracts';", "import { defineRemoteModule } from '@pagemate/shared-contracts';\nimport { Slider } from 'antd';")
        .replace('pages: { balance: BalancePage }', 'pages: { balance: () => (<><Slider defaultValue={30} /><BalancePage /></>) }');
      expect(source).toContain('<Slider');
      writeFileSync(routes, source);
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await signInAs('user');
    await page.route('**/api/v1/total-balance/**', (route) => route.fulfill({ json: { status: 200, data: { total_balance: 0 } } }));
    try {
      await remotes.start('mf_balance', build);
      await page.goto('/user-dashboard/balance/');
      await expect(page.getByRole('heading', { name: 'Tổng quan số dư', exact: true })).toBeVisible();
      await expect(page.getByRole('slider')).toBeVisible();
      expect(scripts.filter((url) => url.includes('independent-packages/antd/'))).toHaveLength(1);
      expect(warnings.join('\n')).toContain('mf_balance imports Slider from antd');
      // The shell itself keeps its cut-down copy.
      await expect(page.getByTestId('profile-button')).toBeVisible();
    } finally {
      await remotes.start('mf_balance');
    }
  });
});
