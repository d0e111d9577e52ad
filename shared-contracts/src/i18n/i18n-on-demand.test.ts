import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../contracts/constants.js';
import type { LocaleTree } from '../contracts/locales.js';

interface Read {
  language: Language;
  ns: string;
  resolve: (tree: LocaleTree | undefined) => void;
  reject: (error: Error) => void;
}

/** A fresh instance started in Vietnamese whose reads of other texts wait until the test answers them. */
async function startInVietnamese() {
  vi.resetModules();
  const contracts = await import('./i18n.js');
  const reads: Read[] = [];
  const load = (language: Language, ns: string) =>
    new Promise<LocaleTree | undefined>((resolve, reject) => reads.push({ language, ns, resolve, reject }));
  await contracts.initI18nOnDemand('vi', { common: { hello: 'Xin chào' } }, load);
  return { ...contracts, reads };
}

const texts = { common: { hello: 'Hello' } } as Record<string, LocaleTree>;

/** Lets i18next's read callbacks and retry timers run. */
async function flush(ms = 0) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('switching language when the texts are read on demand', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a read that fails once is read again, and the switch lands in English', async () => {
    vi.useFakeTimers();
    const { i18n, changeLanguage, reads } = await startInVietnamese();
    const switched = changeLanguage('en');
    await flush();
    expect(reads.map((r) => `${r.language}|${r.ns}`)).toEqual(['en|common']);
    reads[0]?.reject(new Error('Loading chunk locale-en-common failed'));
    await flush(10_000);
    expect(reads.length).toBe(2);
    reads[1]?.resolve(texts.common);
    await flush();
    await switched;
    expect(i18n.language).toBe('en');
    expect(i18n.t('common:hello')).toBe('Hello');
  });

  it('when every attempt failed, choosing English again reads the texts again', async () => {
    vi.useFakeTimers();
    const { i18n, changeLanguage, reads } = await startInVietnamese();
    const first = changeLanguage('en');
    for (let attempt = 0; attempt < 10 && reads.some((r) => r.language === 'en'); attempt++) {
      const pending = reads.splice(0);
      for (const read of pending) read.reject(new Error('offline'));
      await flush(60_000);
    }
    await first;
    await changeLanguage('vi');
    expect(i18n.t('common:hello')).toBe('Xin chào');

    const again = changeLanguage('en');
    await flush();
    expect(reads.map((r) => `${r.language}|${r.ns}`)).toEqual(['en|common']);
    reads[0]?.resolve(texts.common);
    await flush();
    await again;
    expect(i18n.t('common:hello')).toBe('Hello');
  });

  it('a namespace the loader does not have is not read again and does not hold the switch', async () => {
    vi.useFakeTimers();
    const { i18n, changeLanguage, reads } = await startInVietnamese();
    const loaded = i18n.loadNamespaces('elsewhere');
    await flush();
    reads.splice(0).forEach((read) => read.resolve(undefined));
    await flush(60_000);
    await loaded;
    expect(reads).toEqual([]);
    const switched = changeLanguage('en');
    await flush();
    expect(reads.map((r) => `${r.language}|${r.ns}`).sort()).toEqual(['en|common', 'en|elsewhere']);
    for (const read of reads.splice(0)) read.resolve(read.ns === 'common' ? texts.common : undefined);
    await flush(60_000);
    await switched;
    expect(reads).toEqual([]);
    expect(i18n.t('common:hello')).toBe('Hello');
  });
});
