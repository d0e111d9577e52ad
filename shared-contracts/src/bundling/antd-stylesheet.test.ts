import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classPrefixesOf, componentFoldersOf, cutStylesheet } from './antd-stylesheet';

const esDir = dirname(createRequire(import.meta.url).resolve('antd/es/index.js'));
const all = new Set(['btn', 'input', 'input-number', 'select', 'cascader', 'rate', 'switch', 'form']);
const kept = new Set(['btn', 'input', 'select', 'switch', 'form']);

describe('cutStylesheet', () => {
  it('drops the selectors that need a component not kept, keeps the rest of their rule', () => {
    const css = '.ant-btn{color:red}.ant-cascader{color:blue}.ant-btn:hover,.ant-cascader-menu{color:green}';
    expect(cutStylesheet(css, kept, all)).toBe('.ant-btn{color:red}.ant-btn:hover{color:green}');
  });

  it('reads a class by its longest known prefix: input-number is not input', () => {
    expect(cutStylesheet('.ant-input-number-handler{a:b}.ant-input-affix{c:d}', kept, all)).toBe('.ant-input-affix{c:d}');
  });

  it('keeps classes of no component (motion) and what :has(), :not() or :is() only may name', () => {
    const css = '.ant-zoom-big-enter{a:b}.ant-form-item-control:has(> .ant-switch:only-child, > .ant-rate:only-child){display:flex}.ant-select:not(.ant-cascader){c:d}';
    expect(cutStylesheet(css, kept, all)).toBe(css);
  });

  it('cuts inside @media, drops an emptied one, keeps keyframes and strings with braces as they are', () => {
    const css = '@media (max-width:575px){.ant-cascader{a:b}}@media (max-width:575px){.ant-btn{a:b}.ant-rate{c:d}}@keyframes antZoom{0%{opacity:0}}.ant-btn:after{content:"}{"}';
    expect(cutStylesheet(css, kept, all)).toBe('@media (max-width:575px){.ant-btn{a:b}}@keyframes antZoom{0%{opacity:0}}.ant-btn:after{content:"}{"}');
  });

  it('gives back antd’s whole stylesheet unchanged when every component is kept', () => {
    const whole = '.ant-btn{a:b}@media (min-width:1px){.ant-rate,.ant-cascader{c:d}}';
    expect(cutStylesheet(whole, all, all)).toBe(whole);
  });
});

describe('the components a component draws', () => {
  it('follows antd’s own imports: a table draws pagination, dropdowns, checkboxes, a spinner and an empty state', () => {
    const folders = componentFoldersOf(esDir, ['Table']);
    for (const folder of ['table', 'pagination', 'dropdown', 'checkbox', 'radio', 'spin', 'empty']) expect(folders).toContain(folder);
    expect(folders).not.toContain('cascader');
  });

  it('a form lays its items out on the grid: its rows and columns are kept', () => {
    const prefixes = classPrefixesOf(esDir, componentFoldersOf(esDir, ['Form']));
    for (const prefix of ['form', 'row', 'col']) expect(prefixes.has(prefix)).toBe(true);
  });
});
