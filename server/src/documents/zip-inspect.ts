import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry } from 'yauzl';

export interface ZipLimits {
  maxZipEntries: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
}

export type ZipInspection =
  | { ok: true; entryNames: ReadonlySet<string> }
  | { ok: false; reason: 'format' | 'archive_too_large' | 'archive_too_many_entries'; detail: string };

/**
 * Small parts of an Office file (styles, a sheet of zeros) legitimately compress more than 100:1; a bomb needs
 * size to hurt, so the ratio is only judged on entries that unpack to more than this.
 */
const RATIO_CHECK_MIN_BYTES = 1024 * 1024;
/** Stored (0) and deflate (8) are the only methods Office writes and the parsers read. */
const SUPPORTED_METHODS = new Set([0, 8]);

/**
 * Judges a ZIP archive from its central directory (entry count, declared sizes, ratios) before any parser
 * unpacks it. The declared sizes are the attacker's own numbers, so each entry is then inflated into a
 * counting sink: yauzl fails the stream as soon as an entry yields more bytes than declared, which bounds the
 * work by the limits already checked and never holds the unpacked data in memory.
 */
export async function inspectZip(bytes: Buffer, limits: ZipLimits): Promise<ZipInspection> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true });
  } catch (error) {
    return { ok: false, reason: 'format', detail: `not a readable ZIP archive (${messageOf(error)})` };
  }
  try {
    if (zip.entryCount > limits.maxZipEntries) {
      return { ok: false, reason: 'archive_too_many_entries', detail: `${zip.entryCount} entries (limit ${limits.maxZipEntries})` };
    }
    const entries: Entry[] = [];
    let declaredTotal = 0;
    for await (const entry of zip.eachEntry()) {
      if (entry.isEncrypted()) return { ok: false, reason: 'format', detail: `encrypted entry ${entry.fileName}` };
      if (!SUPPORTED_METHODS.has(entry.compressionMethod)) {
        return { ok: false, reason: 'format', detail: `unsupported compression method ${entry.compressionMethod}` };
      }
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > limits.maxUncompressedBytes) {
        return { ok: false, reason: 'archive_too_large', detail: `unpacks to more than ${limits.maxUncompressedBytes} bytes` };
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > RATIO_CHECK_MIN_BYTES && ratio > limits.maxCompressionRatio) {
        return {
          ok: false,
          reason: 'archive_too_large',
          detail: `entry ${entry.fileName} has compression ratio ${Math.round(ratio)} (limit ${limits.maxCompressionRatio})`,
        };
      }
      entries.push(entry);
    }
    for (const entry of entries) {
      try {
        await pipeline(await zip.openReadStreamPromise(entry), discardingSink());
      } catch (error) {
        // yauzl words an understated size as "too many bytes in the stream"; anything else is a broken stream.
        const understated = messageOf(error).startsWith('too many bytes');
        return {
          ok: false,
          reason: understated ? 'archive_too_large' : 'format',
          detail: `entry ${entry.fileName}: ${understated ? 'unpacks to more than it declares' : 'corrupt data'} (${messageOf(error)})`,
        };
      }
    }
    return { ok: true, entryNames: new Set(entries.map((entry) => entry.fileName)) };
  } catch (error) {
    return { ok: false, reason: 'format', detail: `corrupt ZIP archive (${messageOf(error)})` };
  } finally {
    zip.close();
  }
}

function discardingSink(): Writable {
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
