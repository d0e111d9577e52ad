// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_PREFETCH_LIST, mayPrefetch, prefetchAppFiles } from './prefetch-app';

describe('mayPrefetch', () => {
  it('prefetches unless the visitor saves data or is on 2G', () => {
    expect(mayPrefetch(undefined)).toBe(true);
    expect(mayPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(mayPrefetch({ effectiveType: '3g', saveData: false })).toBe(true);
    expect(mayPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(mayPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(mayPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
  });
});

describe('prefetchAppFiles', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    document.head.innerHTML = '<script src="/static/js/index.1.js"></script>';
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("links each listed file the page has not loaded itself, at prefetch priority, with what it is", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ files: ['/static/js/index.1.js', '/static/js/async/app.2.js', '/static/css/async/app.3.css'] })));
    expect(await prefetchAppFiles()).toEqual(['/static/js/async/app.2.js', '/static/css/async/app.3.css']);
    expect(fetchMock).toHaveBeenCalledWith(APP_PREFETCH_LIST, { cache: 'no-store' });
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => [new URL(link.href).pathname, link.as]);
    expect(links).toEqual([
      ['/static/js/async/app.2.js', 'script'],
      ['/static/css/async/app.3.css', 'style'],
    ]);
  });

  it('fails, linking nothing, when the list is missing', async () => {
    fetchMock.mockResolvedValue(new Response('not found', { status: 404 }));
    await expect(prefetchAppFiles()).rejects.toThrow(/404/);
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
  });
});
