import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';

/**
 * The text of the parts of an Office (OOXML) package that `wanted` names. Only those are unpacked, each in one
 * call from the archive's bytes, never to more than the size it declares: `inspectUpload` has bounded those
 * sizes already, and a part that unpacks to another size is refused.
 */
export async function readParts(bytes: Buffer, wanted: (name: string) => boolean): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true });
  const localHeader = promisify((entry: yauzl.Entry, callback: (error: Error | null, header: { fileDataStart: number }) => void) =>
    zip.readLocalFileHeader(entry, { minimal: true }, callback),
  );
  const parts = new Map<string, string>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (!wanted(entry.fileName) || parts.has(entry.fileName)) continue;
      if (entry.isEncrypted() || ![0, 8].includes(entry.compressionMethod)) throw new Error(`unreadable part ${entry.fileName}`);
      const { fileDataStart } = await localHeader(entry);
      const data = bytes.subarray(fileDataStart, fileDataStart + entry.compressedSize);
      const unpacked = entry.compressionMethod === 0 ? data : inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
      if (unpacked.length !== entry.uncompressedSize) throw new Error(`part ${entry.fileName} is not the size it declares`);
      parts.set(entry.fileName, unpacked.toString('utf8'));
    }
  } finally {
    zip.close();
  }
  return parts;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The text of XML character data: the five named entities and numeric references decoded. */
export function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** Throws unless `xml` ends with the closing tag of its root element `root` (a truncated part is a corrupt file). */
export function assertComplete(xml: string, root: string, part: string): void {
  // Only the last tag is looked at: a pattern anchored at the end is still tried at every offset of a 20 MB sheet.
  const end = xml.trimEnd();
  if (!new RegExp(`^</(?:\\w+:)?${root}>$`).test(end.slice(end.lastIndexOf('</')))) throw new Error(`${part} is not complete XML`);
}
