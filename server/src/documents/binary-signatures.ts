/**
 * Magic numbers of files that must never be accepted as text, whatever their name says. Most of them would
 * also fail UTF-8 decoding, but naming the format makes the refusal explainable in logs, and a few (PDF,
 * an ASCII-only ZIP header) could otherwise slip through as "text".
 */

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const OLE2_HEADER = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const SIGNATURES: readonly { name: string; bytes: readonly number[] }[] = [
  { name: 'ELF executable', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { name: 'Java class file', bytes: [0xca, 0xfe, 0xba, 0xbe] },
  { name: 'Mach-O executable', bytes: [0xfe, 0xed, 0xfa, 0xce] },
  { name: 'Mach-O executable', bytes: [0xfe, 0xed, 0xfa, 0xcf] },
  { name: 'Mach-O executable', bytes: [0xce, 0xfa, 0xed, 0xfe] },
  { name: 'Mach-O executable', bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  { name: 'WebAssembly module', bytes: [0x00, 0x61, 0x73, 0x6d] },
  { name: 'ZIP archive', bytes: ZIP_LOCAL_HEADER },
  { name: 'ZIP archive', bytes: [0x50, 0x4b, 0x05, 0x06] },
  { name: 'ZIP archive', bytes: [0x50, 0x4b, 0x07, 0x08] },
  { name: 'OLE2 compound file', bytes: OLE2_HEADER },
  { name: 'PDF document', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { name: 'gzip archive', bytes: [0x1f, 0x8b] },
  { name: '7-Zip archive', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { name: 'RAR archive', bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07] },
  { name: 'PNG image', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { name: 'JPEG image', bytes: [0xff, 0xd8, 0xff] },
  { name: 'GIF image', bytes: [0x47, 0x49, 0x46, 0x38] },
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

export function isZip(bytes: Uint8Array): boolean {
  return startsWith(bytes, ZIP_LOCAL_HEADER);
}

export function isOle2(bytes: Uint8Array): boolean {
  return startsWith(bytes, OLE2_HEADER);
}

/** The binary format these bytes start with, or undefined when none is recognised. */
export function binaryFormatOf(bytes: Uint8Array): string | undefined {
  const known = SIGNATURES.find((signature) => startsWith(bytes, signature.bytes));
  if (known) return known.name;
  // "MZ" alone is a plausible start of a sentence; a DOS/PE header also has NUL bytes in its first 64.
  if (startsWith(bytes, [0x4d, 0x5a]) && bytes.subarray(0, 64).includes(0)) return 'Windows executable';
  return undefined;
}

/**
 * Whether an OLE2 compound file holds the stream a Word or Excel file must have. Directory entry names are
 * UTF-16LE, so a byte search is enough for a cheap first check; the parser still rejects a malformed file.
 */
export function ole2HasStream(bytes: Buffer, streamNames: readonly string[]): boolean {
  return streamNames.some((name) => bytes.includes(Buffer.from(name, 'utf16le')));
}
