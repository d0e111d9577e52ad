import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MF_SHARED_SINGLETONS, MF_TREE_SHAKEN, mfShared } from './mf-shared.js';
import { namedImportsOf, usedExportsOf } from './used-exports.js';

describe('namedImportsOf', () => {
  it('reads named imports across lines, by their exported name, and leaves types out', () => {
    const source = `
      import {
        Button,
        Form as AntForm,
        type FormProps,
      } from 'antd';
      import type { TableProps } from 'antd';
      import { Table } from "antd";
      import { useNavigate } from 'react-router-dom';
      import Tooltip from 'antd/es/tooltip';
    `;
    expect(namedImportsOf('antd', source)).toEqual(['Button', 'Form', 'Table']);
  });

  it('counts a default import as the export `default` and reads named re-exports', () => {
    const source = `import axios, { AxiosError } from 'axios';\nexport { isAxiosError as isError, type AxiosResponse } from 'axios';`;
    expect(namedImportsOf('axios', source)).toEqual(['AxiosError', 'default', 'isAxiosError']);
  });

  it('refuses a namespace import and an export * with the file named, since either uses every export', () => {
    expect(() => namedImportsOf('antd', `import * as antd from 'antd';`, 'src/page.tsx')).toThrow(
      /src\/page\.tsx: a namespace import of 'antd'/,
    );
    expect(() => namedImportsOf('antd', `export * from 'antd';`, 'src/index.ts')).toThrow(/an `export \*` of 'antd'/);
  });

  it('ignores other packages, including deeper paths of the same one', () => {
    expect(namedImportsOf('antd', `import { Rule } from 'antd/es/form';\nimport { x } from 'antd-mobile';`)).toEqual([]);
  });
});

describe('usedExportsOf', () => {
  const root = mkdtempSync(join(tmpdir(), 'used-exports-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('package.json', JSON.stringify({ workspaces: ['app', 'lib', 'server', 'e2e'] }));
  write('app/package.json', JSON.stringify({ dependencies: { antd: '^6' } }));
  write('app/src/page.tsx', `import { Table, Button } from 'antd';`);
  write('app/src/deep/form.tsx', `import { Form } from 'antd';`);
  write('app/src/page.test.tsx', `import { Modal } from 'antd';`);
  write('lib/package.json', JSON.stringify({ peerDependencies: { antd: '^6' } }));
  write('lib/src/ui.tsx', `import { Button, Card } from 'antd';`);
  write('lib/src/testing/render.tsx', `import { App } from 'antd';`);
  write('server/package.json', JSON.stringify({ dependencies: {} }));
  write('server/src/uses-antd-by-mistake.ts', `import { Drawer } from 'antd';`);
  write('e2e/package.json', JSON.stringify({ dependencies: { antd: '^6' } }));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is the sorted union over the packages that depend on it, without tests, test helpers or other packages', () => {
    expect(usedExportsOf('antd', root)).toEqual(['Button', 'Card', 'Form', 'Table']);
  });
});

describe('mfShared', () => {
  const deps = Object.fromEntries(MF_SHARED_SINGLETONS.map((name) => [name.replace(/\/$/, ''), '^1.0.0']));

  it('cuts down exactly the tree-shaken packages, each to the list the code imports', () => {
    const shared = mfShared(deps);
    for (const [name, config] of Object.entries(shared)) {
      if (!MF_TREE_SHAKEN.includes(name)) {
        expect(config.treeShaking, name).toBeUndefined();
        continue;
      }
      expect(config.treeShaking?.mode).toBe('runtime-infer');
      expect(config.treeShaking?.usedExports, name).toEqual(usedExportsOf(name));
      expect(config.treeShaking?.usedExports.length, name).toBeGreaterThan(0);
    }
    // The shell's ConfigProvider and every remote's Button come from the same cut-down copy.
    expect(shared['antd']?.treeShaking?.usedExports).toEqual(expect.arrayContaining(['Button', 'ConfigProvider', 'theme']));
  });
});
