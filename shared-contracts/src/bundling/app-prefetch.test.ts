import { describe, expect, it } from 'vitest';
import { EAGER_COMPILE_HINT, withCompileHint } from './app-prefetch.js';

describe('compile hints', () => {
  it('puts V8’s compile hint on the first line, before a licence comment or a "use strict" prologue', () => {
    expect(withCompileHint('"use strict";(self.chunk=[]).push([])')).toBe(`${EAGER_COMPILE_HINT}\n"use strict";(self.chunk=[]).push([])`);
    expect(withCompileHint('/*! LICENSE: x.js.LICENSE.txt */\n(self.chunk=[])').split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
  });

  it('marks a file once, so a second pass over the same build changes nothing', () => {
    const once = withCompileHint('var a = 1;');
    expect(withCompileHint(once)).toBe(once);
  });
});
