import { z } from 'zod';
import { describe, expect, it } from 'vitest';

describe('the browser entry', () => {
  it('turns zod’s compiled parsers (and its eval probe, which the CSP would report) off', async () => {
    await import('./index.js');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string(), count: z.number() }).parse({ name: 'a', count: 1 })).toEqual({ name: 'a', count: 1 });
  });
});
