/** The document-processing core: validate → parse in a worker → chunk; fold for search. */
export { chunkDocument, type Chunk, type ChunkOptions } from './chunk.ts';
export type { DocumentKind } from './document-kind.ts';
export { foldVietnamese } from './fold.ts';
export { inspectUpload, type InspectLimits, type InspectRefusal, type InspectResult } from './inspect.ts';
export {
  type IndexedDocument,
  type IndexedPassage,
  indexDocument,
  ParseError,
  parseDocument,
  type ParseErrorCode,
  type ParseOptions,
  prewarmParser,
  stopSpareParser,
} from './parse.ts';
export type { DocumentSection, ParsedDocument, SectionAddress } from './parsed-document.ts';
export { PASSAGE_ROW_COLUMNS, passageRows, type PassageRows } from './passage-rows.ts';
export { passageVector, searchVector } from './search-vector.ts';
