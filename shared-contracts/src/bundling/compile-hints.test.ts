import { describe, expect, it } from 'vitest';
import { EAGER_COMPILE_HINT, remoteStartFiles, withCompileHint } from './compile-hints.js';

describe('compile hints', () => {
  it('puts V8’s compile hint on the first line, before a licence comment or a "use strict" prologue', () => {
    expect(withCompileHint('"use strict";(self.chunk=[]).push([])')).toBe(`${EAGER_COMPILE_HINT}\n"use strict";(self.chunk=[]).push([])`);
    expect(withCompileHint('/*! LICENSE: x.js.LICENSE.txt */\n(self.chunk=[])').split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
  });

  it('marks a file once, so a second pass over the same build changes nothing', () => {
    const once = withCompileHint('var a = 1;');
    expect(withCompileHint(once)).toBe(once);
  });

  it('hints a remote’s entry and its exposed modules’ files, not its fallback copies of the shared packages', () => {
    const manifest = {
      metaData: { remoteEntry: { name: 'static/js/mf_balance.1a.js', path: '' } },
      exposes: [{ assets: { js: { sync: ['static/js/async/8.2b.js', 'static/js/async/__federation_expose_routes.3c.js'] } } }],
      shared: [{ name: 'antd', assets: { js: { sync: ['static/js/async/h.4d.js'] } } }],
    };
    expect(remoteStartFiles(manifest)).toEqual(['static/js/mf_balance.1a.js', 'static/js/async/8.2b.js', 'static/js/async/__federation_expose_routes.3c.js']);
  });

  it('joins the entry’s folder to its name and lists a file two exposed modules share once', () => {
    const shared = 'static/js/async/lib.5e.js';
    const manifest = {
      metaData: { remoteEntry: { name: 'mf_crm.6f.js', path: 'static/js' } },
      exposes: [{ assets: { js: { sync: [shared, 'static/js/async/inbox.7a.js'] } } }, { assets: { js: { sync: [shared] } } }],
    };
    expect(remoteStartFiles(manifest)).toEqual(['static/js/mf_crm.6f.js', shared, 'static/js/async/inbox.7a.js']);
    expect(remoteStartFiles({})).toEqual([]);
  });
});
