import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileNotFoundError, LocalFileStorage, newStoredName } from './file-storage.js';

describe('LocalFileStorage', () => {
  let root: string;
  let storage: LocalFileStorage;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'pagemate-storage-'));
    storage = new LocalFileStorage(path.join(root, 'files'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('puts, replaces, gets and deletes bytes under a generated name, leaving no temp file', async () => {
    const name = newStoredName();
    await storage.put(name, Buffer.from('first'));
    await storage.put(name, Buffer.from('second'));
    expect((await storage.get(name)).toString()).toBe('second');
    expect(await readdir(path.join(root, 'files', name.slice(0, 2)))).toEqual([name]);
    await storage.delete(name);
    await storage.delete(name);
    await expect(storage.get(name)).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('refuses any name it did not generate, before touching the disk', async () => {
    for (const name of ['../etc/passwd', 'a/b', 'report.docx', '', `${newStoredName()}/..`, newStoredName().toUpperCase()]) {
      await expect(storage.put(name, Buffer.from('x')), name).rejects.toThrow(/not a stored file name/);
      await expect(storage.get(name), name).rejects.toThrow(/not a stored file name/);
      await expect(storage.delete(name), name).rejects.toThrow(/not a stored file name/);
    }
  });

  it('needs an absolute root', () => {
    expect(() => new LocalFileStorage('data/files')).toThrow(/absolute/);
  });
});
