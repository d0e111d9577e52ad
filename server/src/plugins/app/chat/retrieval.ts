import { isUuid } from '@pagemate/shared-contracts/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RetrievedPassage } from '../../../ai/llm.js';
import { queryTerms, type QueryTerms } from '../../../ai/terms.js';

export interface SearchOptions {
  /** Only these files (full-documents chat); absent: all the user's ready files. */
  fileIds?: readonly string[];
  limit?: number;
}

/** Passages of a user's ready documents: what an answer may draw on. */
export interface Retrieval {
  /**
   * Full-text search, diacritic-insensitive ("gia ban" finds "giá bán"): passages having any of the question's
   * words, those having more distinct words first, then by `ts_rank_cd` — plus, when the AI provider offers
   * embeddings, the cosine similarity of the passage to the question (see `RERANK_POOL`).
   */
  search(userId: string, query: string, options?: SearchOptions): Promise<RetrievedPassage[]>;
  /** The first passages of the user's newest ready documents (ideas when a question finds nothing). */
  sample(userId: string, limit: number): Promise<RetrievedPassage[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    retrieval: Retrieval;
  }
}

const DEFAULT_LIMIT = 6;
/** Passages ranked precisely per question, at most, from each tier of the candidate selection. */
const CANDIDATES = 100;
/**
 * With embeddings: the best passages by words that are reranked by `words + ts_rank_cd + max(0, cosine)`.
 * Cosine is added, not multiplied: it is worth at most one distinct word, so it settles ties and near-ties
 * (same words, different meaning) without letting a passage that lacks most of the question's words win on
 * vague similarity; passages without a vector (embedded before, or the embedding failed) add 0. Reranking only
 * the best passages of the words' order keeps the SQL and its cost as they are.
 */
const RERANK_POOL = 30;

interface PassageRow extends Record<string, unknown> {
  chunk_id: string;
  file_id: string;
  file_name: string;
  collection_name: string;
  locator: string;
  title: string | null;
  text: string;
  rank: number | string;
  /** Only selected when reranking by embeddings. */
  embedding?: unknown;
}

const toPassage = (row: PassageRow): RetrievedPassage => ({
  chunkId: row.chunk_id,
  fileId: row.file_id,
  fileName: row.file_name,
  collectionName: row.collection_name,
  locator: row.locator,
  title: row.title,
  text: row.text,
  rank: Number(row.rank),
});

/** A `real[]` as the driver gives it: an array (node-postgres, PGlite) or, should a driver not parse it, its text. */
function toVector(value: unknown): number[] | undefined {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string' && value.startsWith('{')) return value.slice(1, -1).split(',').filter(Boolean).map(Number);
  return undefined;
}

/** Cosine similarity; 0 when either is missing or their dimensions differ (the embedding model changed). */
export function cosine(a: readonly number[] | undefined, b: readonly number[] | undefined): number {
  if (!a || !b || a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  const similarity = normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
  return Number.isFinite(similarity) ? similarity : 0;
}

interface Tsqueries {
  /** Any of the words. */
  any: string;
  /** One query per word or shorthand (a stem matches as a prefix, a shorthand as itself or its meaning). */
  words: string[];
  /** One phrase query per syllable pair. */
  pairs: string[];
  /** The candidate tiers, strictest first, each matching a superset of the one before. */
  tiers: string[];
}

/**
 * The tsquery texts of a question's terms, lexemes quoted as the passages' tsvectors hold them (see
 * `searchVector`), never parsed again. Terms are letters and digits only, so joining them with tsquery
 * operators can never produce an operator of the user's.
 */
export function tsqueriesOf(terms: QueryTerms): Tsqueries {
  const term = (word: string) => (terms.stems.has(word) ? `'${word}':*` : `'${word}'`);
  const words = terms.units.map((unit) =>
    unit.length === 1 && unit[0]?.length === 1 ? term(unit[0][0] ?? '') : `(${unit.map((alternative) => alternative.map(term).join(' <-> ')).join(' | ')})`,
  );
  const pairs = terms.pairs.map((pair) => pair.split(' ').map((word) => `'${word}'`).join(' <-> '));
  const all = words.join(' & ');
  const any = words.join(' | ');
  const tiers: string[] = [];
  if (words.length > 1) tiers.push(all);
  if (words.length > 2) tiers.push(words.map((_, skip) => `(${words.filter((__, i) => i !== skip).join(' & ')})`).join(' | '));
  tiers.push(any);
  return { any, words, pairs, tiers };
}

function retrievalPlugin(app: FastifyInstance) {
  const orm = app.db.orm;

  const retrieval: Retrieval = {
    async search(userId, query, options = {}) {
      // Terms are letters and digits only (see queryTerms), and each is still sent as a parameter: no text of
      // the question ever becomes SQL or tsquery syntax.
      const terms = queryTerms(query);
      if (terms.words.length === 0 || !isUuid(userId)) return [];
      const fileIds = options.fileIds?.filter(isUuid);
      if (fileIds?.length === 0) return [];
      const limit = Math.min(Math.max(options.limit ?? DEFAULT_LIMIT, 1), 50);
      // The question's vector is asked for while the database searches; without one the words' order stands.
      const llm = app.llm;
      const questionVector = llm.embed
        ? llm.embed([query]).then(
            ([vector]) => vector,
            (error: unknown) => {
              app.log.warn({ err: error }, 'question not embedded; passages ranked by their words only');
              return undefined;
            },
          )
        : undefined;
      const wanted = questionVector ? Math.max(limit, RERANK_POOL) : limit;
      const queries = tsqueriesOf(terms);
      // The queries are built once (a one-row CTE), not per row: to_tsquery is only STABLE, so written inline
      // PostgreSQL would parse it again for every passage it ranks.
      const named = [
        ...queries.words.map((text, i) => sql`${text}::tsquery as ${sql.raw(`w${i}`)}`),
        ...queries.pairs.map((text, i) => sql`${text}::tsquery as ${sql.raw(`p${i}`)}`),
        ...queries.tiers.map((text, i) => sql`${text}::tsquery as ${sql.raw(`t${i}`)}`),
      ];
      const distinctTerms = sql.join(
        [...queries.words.map((_, i) => sql.raw(`(c.tsv @@ q.w${i})::int`)), ...queries.pairs.map((_, i) => sql.raw(`(c.tsv @@ q.p${i})::int`))],
        sql` + `,
      );
      const inFiles = fileIds ? sql`and c.file_id in (${sql.join(fileIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
      // Tiers, strictest first: every word, all words but one, any word. A tier is only read when the ones before
      // it found fewer than `wanted` passages, and only its first CANDIDATES: a passage of a stricter tier has more
      // of the question's words than one only a looser tier finds, so a common word matching thousands of passages
      // is never ranked passage by passage when the question's other words already found enough. The GIN index
      // answers each tier without reading a passage (syllable pairs, which it cannot, only count in the ranking).
      const tiers = queries.tiers.map((_, i) => {
        const before = queries.tiers.slice(0, i).map((__, j) => sql.raw(`(select count(*) from tier${j}) < ${wanted}`));
        return sql`${sql.raw(`tier${i}`)} as (
          select c.id from q cross join document_chunks c
          where ${before.length > 0 ? sql.join([...before, sql``], sql` and `) : sql``}c.user_id = ${userId}::uuid and c.tsv @@ q.${sql.raw(`t${i}`)} ${inFiles}
            -- A file's passages are stored before it becomes ready: those of a file still indexing take no place.
            and exists (select 1 from document_files f where f.id = c.file_id and f.status = 'ready')
          limit ${CANDIDATES})`;
      });
      const candidates = sql.join(
        queries.tiers.map((_, i) => sql.raw(`select id from tier${i}`)),
        sql` union `,
      );
      const result = await orm.execute<PassageRow>(sql`
        with q as materialized (select ${queries.any}::tsquery as any_term, ${sql.join(named, sql`, `)}),
        ${sql.join(tiers, sql`, `)},
        candidates as (${candidates})
        select c.id as chunk_id, c.file_id, f.file_name, f.collection_name, c.locator, c.title, c.text,
          -- Normalisation 32 keeps ts_rank_cd under 1: a passage with one more distinct word always ranks higher.
          (${distinctTerms}) + ts_rank_cd(c.tsv, q.any_term, 32) as rank${questionVector ? sql`, c.embedding` : sql``}
        from q
        cross join candidates
        join document_chunks c on c.id = candidates.id
        join document_files f on f.id = c.file_id
        where f.user_id = ${userId}::uuid and f.status = 'ready'
        order by rank desc, f.file_name, c.ordinal
        limit ${wanted}`);
      const vector = await questionVector;
      if (!vector) return result.rows.slice(0, limit).map(toPassage);
      // A stable sort: equal blended ranks keep the SQL's order (file name, then position).
      return result.rows
        .map((row) => ({ ...toPassage(row), rank: Number(row.rank) + Math.max(0, cosine(vector, toVector(row.embedding))) }))
        .sort((a, b) => b.rank - a.rank)
        .slice(0, limit);
    },

    async sample(userId, limit) {
      if (!isUuid(userId)) return [];
      const result = await orm.execute<PassageRow>(sql`
        select c.id as chunk_id, c.file_id, f.file_name, f.collection_name, c.locator, c.title, c.text, 0 as rank
        from document_chunks c
        join document_files f on f.id = c.file_id
        where c.user_id = ${userId}::uuid and f.user_id = ${userId}::uuid and f.status = 'ready'
        order by f.created_at desc, f.id, c.ordinal
        limit ${Math.min(Math.max(limit, 1), 50)}`);
      return result.rows.map(toPassage);
    },
  };

  app.decorate('retrieval', retrieval);
}

export default fp(retrievalPlugin, { name: 'retrieval', fastify: '5.x', dependencies: ['db', 'llm-provider'] });
