import type { RetrievedPassage } from '../ai/llm.js';

/** A passage as retrieval would return it from one of the shop's files (fresh ids, first paragraph, rank 1). */
export const passage = (text: string, fileName = 'bang-gia.docx'): RetrievedPassage => ({
  chunkId: crypto.randomUUID(),
  fileId: crypto.randomUUID(),
  fileName,
  collectionName: 'Tài liệu',
  locator: 'paragraph 1',
  title: null,
  text,
  rank: 1,
});
