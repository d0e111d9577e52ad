import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isUuid } from '@pagemate/shared-contracts/contracts';

/**
 * Bytes kept under names we generate (`newStoredName()`), never a user's file name. Minimal on purpose: local
 * disk (`LocalFileStorage`) and S3-compatible object storage (`S3FileStorage`) behind the same three calls.
 */
export interface FileStorage {
  /** Stores `bytes` under `name`, replacing what was there; readers never see a half-written file. */
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes; `FileNotFoundError` when there are none. */
  get(name: string): Promise<Buffer>;
  /** Removes the bytes; no error when they are already gone. */
  delete(name: string): Promise<void>;
}

export class FileNotFoundError extends Error {
  override name = 'FileNotFoundError';
}

/** Refuses anything but one of our generated names (a path, `..`, anything but a lower-case UUID). */
export function assertStoredName(name: string): void {
  if (!isUuid(name) || name !== name.toLowerCase()) throw new Error(`not a stored file name: ${JSON.stringify(name.slice(0, 80))}`);
}

/** A fresh storage name (a random UUID). */
export function newStoredName(): string {
  return randomUUID();
}

/**
 * Files under `root/<first two characters>/<name>`: the prefix directories keep any one directory small. A
 * name that is not one of ours (a path, `..`, anything but a lower-case UUID) is refused before any disk access.
 */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {
    if (!path.isAbsolute(root)) throw new Error(`file storage root must be absolute: ${root}`);
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(name);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside then renamed (atomic on one file system): a crash leaves a stray .tmp, never a torn file.
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(name: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(name));
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') throw new FileNotFoundError(`stored file ${name} not found`);
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true });
  }

  private pathOf(name: string): string {
    assertStoredName(name);
    return path.join(this.root, name.slice(0, 2), name);
  }
}
