import { createClient } from 'redis';

/** Deletes every key under `prefix`: what a test wrote to the shared Redis, and nothing else. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const admin = createClient({ url });
  await admin.connect();
  try {
    const keys: string[] = [];
    for await (const batch of admin.scanIterator({ MATCH: `${prefix}*`, COUNT: 1_000 })) keys.push(...batch);
    if (keys.length > 0) await admin.del(keys);
  } finally {
    await admin.close();
  }
}
