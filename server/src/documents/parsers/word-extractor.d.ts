/** The part of word-extractor 1.0 (no bundled types) that the .doc parser uses. */
declare module 'word-extractor' {
  interface WordDocument {
    getBody(): string;
    getFootnotes(): string;
    getEndnotes(): string;
  }
  export default class WordExtractor {
    /** A Buffer is parsed in memory; a string would be read as a file path, which we never pass. */
    extract(source: Buffer): Promise<WordDocument>;
  }
}
