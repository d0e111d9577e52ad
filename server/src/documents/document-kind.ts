import { ALLOWED_UPLOAD_EXTENSIONS, type AllowedUploadExtension } from '@pagemate/shared-contracts/contracts';

/** How a file is read: one parser per kind. Every allowed extension maps to exactly one kind. */
export type DocumentKind = 'docx' | 'doc' | 'xlsx' | 'xls' | 'csv' | 'html' | 'markdown' | 'text' | 'code';

const KIND_BY_EXTENSION: Readonly<Record<AllowedUploadExtension, DocumentKind>> = {
  '.docx': 'docx',
  '.doc': 'doc',
  '.xlsx': 'xlsx',
  '.xls': 'xls',
  '.csv': 'csv',
  '.html': 'html',
  '.md': 'markdown',
  '.txt': 'text',
  '.text': 'text',
  '.log': 'text',
  '.js': 'code',
  '.py': 'code',
  '.java': 'code',
  '.cpp': 'code',
  '.cc': 'code',
  '.cxx': 'code',
  '.c': 'code',
  '.cs': 'code',
  '.php': 'code',
  '.rb': 'code',
  '.swift': 'code',
  '.ts': 'code',
  '.go': 'code',
};

export function isAllowedExtension(extension: string): extension is AllowedUploadExtension {
  return (ALLOWED_UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

export function kindOfExtension(extension: AllowedUploadExtension): DocumentKind {
  return KIND_BY_EXTENSION[extension];
}

/** Kinds whose bytes must be text (everything except the Office containers). */
export function isTextKind(kind: DocumentKind): boolean {
  return kind !== 'docx' && kind !== 'doc' && kind !== 'xlsx' && kind !== 'xls';
}
