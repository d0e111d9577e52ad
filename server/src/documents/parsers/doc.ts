import WordExtractor from 'word-extractor';
import type { DocumentSection, ParsedDocument } from '../parsed-document.ts';

/** Word 97–2003: word-extractor gives one line per paragraph; those lines are the units cited. */
export async function parseDoc(bytes: Buffer): Promise<ParsedDocument> {
  const document = await new WordExtractor().extract(bytes);
  const sections: DocumentSection[] = [];
  let nextParagraph = 1;
  for (const [title, raw] of [
    [undefined, document.getBody()],
    ['Footnotes', document.getFootnotes()],
    ['Endnotes', document.getEndnotes()],
  ] as const) {
    const paragraphs = raw
      .split(/\r?\n|\r/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
    if (paragraphs.length === 0) continue;
    const first = nextParagraph;
    const last = first + paragraphs.length - 1;
    nextParagraph = last + 1;
    sections.push({
      ...(title === undefined ? {} : { title }),
      text: paragraphs.join('\n\n'),
      locator: first === last ? `paragraph ${first}` : `paragraphs ${first}–${last}`,
      address: { unit: 'paragraph', firstParagraph: first },
    });
  }
  return { text: sections.map((section) => section.text).join('\n\n'), sections };
}
