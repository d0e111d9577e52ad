import type { DocumentSection } from '../parsed-document.ts';
import { paragraphsOf } from './paragraphs.ts';

/**
 * A private-use character marks where a heading starts in html-to-text's output (and the docx parser's), so
 * the text can be cut into sections afterwards without parsing the document twice. It is removed from the
 * input first, so content can never forge a heading.
 */
export const HEADING_MARK = '\uE000';

/**
 * Text whose paragraphs are separated by blank lines, a heading's starting with HEADING_MARK, as one section per
 * heading. Paragraphs are numbered through the whole document (a heading counts as one) so that "paragraph 12"
 * means the same thing in every section.
 */
export function markedTextToSections(text: string): { text: string; sections: DocumentSection[] } {
  const sections: DocumentSection[] = [];
  let current: { title?: string; paragraphs: string[]; firstParagraph: number } = { paragraphs: [], firstParagraph: 1 };
  let paragraphNumber = 0;
  const flush = (): void => {
    // A heading with nothing under it adds nothing a search could find that its neighbours do not.
    if (current.paragraphs.length === 0) return;
    const count = current.paragraphs.length;
    const from = current.firstParagraph;
    sections.push({
      ...(current.title === undefined ? {} : { title: current.title }),
      text: current.paragraphs.join('\n\n'),
      locator: count <= 1 ? `paragraph ${from}` : `paragraphs ${from}–${from + count - 1}`,
      address: { unit: 'paragraph', firstParagraph: from },
    });
  };
  for (const paragraph of paragraphsOf(text)) {
    paragraphNumber += 1;
    if (paragraph.startsWith(HEADING_MARK)) {
      flush();
      current = { title: paragraph.slice(HEADING_MARK.length).replace(/\s+/g, ' ').trim(), paragraphs: [], firstParagraph: paragraphNumber + 1 };
    } else {
      current.paragraphs.push(paragraph);
    }
  }
  flush();
  return { text: text.replaceAll(HEADING_MARK, '').trim(), sections };
}
