import { ALLOWED_UPLOAD_EXTENSIONS, UPLOAD_LIMITS, type CollectionFile } from '@pagemate/shared-contracts';

/** The languages a document can be uploaded as (`auto`: the server guesses from the text). */
export const UPLOAD_LANGUAGES = ['auto', 'vi', 'en'] as const;
export type UploadLanguage = (typeof UPLOAD_LANGUAGES)[number];

/** Why a file is refused before anything is sent; each maps to a `chatbot:upload.*` message. */
export type UploadRefusal = 'invalidFormat' | 'tooLarge' | 'duplicate';

/** `Báo Giá.DOCX` → `.docx`; no dot → `''`. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot).toLowerCase();
}

/**
 * The checks of docs/product.md §5 that the browser can make on its own: the extension allow-list, the size limit, and a name
 * already in the chosen collection. The server checks all of them again (and the content).
 */
export function uploadRefusal(
  file: { name: string; size: number },
  collectionName: string,
  existing: readonly CollectionFile[],
): UploadRefusal | null {
  if (!(ALLOWED_UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return 'invalidFormat';
  if (file.size > UPLOAD_LIMITS.maxFileBytes) return 'tooLarge';
  const name = collectionName.trim();
  if (existing.some((f) => f.collection_name === name && f.file_name === file.name)) return 'duplicate';
  return null;
}
