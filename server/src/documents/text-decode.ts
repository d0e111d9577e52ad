/**
 * Decoding of uploaded text files. Strict on purpose: a file that is not valid UTF-8 (or UTF-16 with a byte
 * order mark) is binary or in a legacy code page, and indexing mojibake is worse than refusing the file.
 */

export type DecodedText = { ok: true; text: string } | { ok: false; detail: string };

/** C0 controls that do occur in real text files: tab, line feed, vertical tab, form feed, carriage return, escape (ANSI colours in logs). */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b]);
/** A stray control character can happen in a log; more than this share of them means binary data. */
const MAX_CONTROL_SHARE = 0.001;

export function decodeText(bytes: Uint8Array): DecodedText {
  let text: string;
  try {
    text = decodeWithBom(bytes);
  } catch {
    return { ok: false, detail: 'not valid UTF-8 or UTF-16 text' };
  }
  if (text.includes('\u0000')) return { ok: false, detail: 'contains NUL bytes (binary data)' };
  let controls = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !ALLOWED_CONTROLS.has(code)) || code === 0x7f) controls += 1;
  }
  if (controls > Math.max(1, text.length * MAX_CONTROL_SHARE)) {
    return { ok: false, detail: 'contains control characters (binary data)' };
  }
  return { ok: true, text };
}

function decodeWithBom(bytes: Uint8Array): string {
  // `fatal` makes invalid sequences throw instead of becoming U+FFFD; `ignoreBOM: false` strips the BOM.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(bytes);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
