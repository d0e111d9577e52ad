import path from 'node:path';
import { UPLOAD_LIMITS, type AllowedUploadExtension } from '@pagemate/shared-contracts/contracts';
import { binaryFormatOf, isOle2, isZip, ole2HasStream } from './binary-signatures.ts';
import { isAllowedExtension, isTextKind, kindOfExtension, type DocumentKind } from './document-kind.ts';
import { decodeText } from './text-decode.ts';
import { inspectZip, type ZipLimits } from './zip-inspect.ts';

export type InspectRefusal = 'format' | 'too_large' | 'archive_too_large' | 'archive_too_many_entries' | 'empty';

export type InspectResult =
  | { ok: true; extension: AllowedUploadExtension; kind: DocumentKind }
  | { ok: false; reason: InspectRefusal; detail: string };

export interface InspectLimits extends ZipLimits {
  maxFileBytes: number;
}

/** The part an OOXML package must contain besides `[Content_Types].xml` (the main part Office always writes). */
const OOXML_MAIN_PART: Partial<Record<DocumentKind, string>> = { docx: 'word/document.xml', xlsx: 'xl/workbook.xml' };
/** Stream an OLE2 file of this kind must hold ("Book" is the Excel 5/95 name of "Workbook"). */
const OLE2_STREAMS: Partial<Record<DocumentKind, readonly string[]>> = { doc: ['WordDocument'], xls: ['Workbook', 'Book'] };

/**
 * Decides whether an upload may be parsed: the name's extension must be allowed and the bytes must be what
 * that extension promises. Nothing here unpacks or parses the content; a ZIP is judged from its central
 * directory (see zip-inspect.ts). Async only because yauzl is.
 */
export async function inspectUpload(fileName: string, bytes: Buffer, limits: InspectLimits = UPLOAD_LIMITS): Promise<InspectResult> {
  const extension = extensionOf(fileName);
  if (extension === undefined) return refuse('format', 'file name has no allowed extension or contains a path');
  if (bytes.length === 0) return refuse('empty', 'the file is empty');
  if (bytes.length > limits.maxFileBytes) return refuse('too_large', `${bytes.length} bytes (limit ${limits.maxFileBytes})`);

  const kind = kindOfExtension(extension);
  if (kind === 'docx' || kind === 'xlsx') {
    if (!isZip(bytes)) return refuse('format', `a ${extension} file must be a ZIP package`);
    const zip = await inspectZip(bytes, limits);
    if (!zip.ok) return zip;
    const mainPart = OOXML_MAIN_PART[kind] ?? '';
    if (!zip.entryNames.has('[Content_Types].xml') || !zip.entryNames.has(mainPart)) {
      return refuse('format', `not a ${extension} package (no [Content_Types].xml or ${mainPart})`);
    }
  } else if (kind === 'doc' || kind === 'xls') {
    if (!isOle2(bytes)) return refuse('format', `a ${extension} file must be an OLE2 compound file`);
    if (!ole2HasStream(bytes, OLE2_STREAMS[kind] ?? [])) return refuse('format', `not a ${extension} file (missing its main stream)`);
  } else if (isTextKind(kind)) {
    const binary = binaryFormatOf(bytes);
    if (binary) return refuse('format', `${binary} content in a ${extension} file`);
    const decoded = decodeText(bytes);
    if (!decoded.ok) return refuse('format', decoded.detail);
    if (decoded.text.trim() === '') return refuse('empty', 'the file holds only whitespace');
  }
  return { ok: true, extension, kind };
}

/**
 * The allowed, lower-cased extension of a plain file name. Names that carry a directory part or control
 * characters are refused outright: the name is shown back to users and must never address a path. Only the
 * last extension counts, so `report.exe.txt` is a .txt whose content is then checked like any other.
 */
function extensionOf(fileName: string): AllowedUploadExtension | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being refused
  if (/[/\\\u0000-\u001f\u007f]/.test(fileName) || fileName === '..') return undefined;
  const extension = path.extname(fileName).toLowerCase();
  return isAllowedExtension(extension) ? extension : undefined;
}

function refuse(reason: InspectRefusal, detail: string): InspectResult {
  return { ok: false, reason, detail };
}
