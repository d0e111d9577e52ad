import { open, readFile, rm } from 'node:fs/promises';

/**
 * PGlite happily opens a data directory another process already has open, and two writers corrupt it.
 * A pid file beside the directory turns that into a clear start-up error; a dead owner's file is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const file = await open(lockPath, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      return () => rm(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
      if (isAlive(owner)) {
        throw new Error(
          `The PGlite database ${dataDir} is in use by process ${owner}. Stop it, or point PGLITE_DATA_DIR elsewhere; ` +
            'to run several server instances, use DATABASE_URL.',
        );
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
