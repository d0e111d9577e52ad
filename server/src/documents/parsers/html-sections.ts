import { convert, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';
import type { DocumentSection } from '../parsed-document.ts';
import { paragraphsOf } from './paragraphs.ts';

/**
 * A private-use character marks where a heading starts in html-to-text's output (and the docx parser's), so
 * the text can be cut into sections afterwards without parsing the document twice. It is removed from the
 * input first, so content can never forge a heading.
 */
export const HEADING_MARK = '\uE000';

const headingWithMark: FormatCallback = (element, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addLiteral(HEADING_MARK);
  walk(element.children, builder);
  builder.closeBlock({ trailingLineBreaks: 2 });
};

const SKIPPED = ['img', 'script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object', 'embed', 'video', 'audio', 'canvas'];

const OPTIONS: HtmlToTextOptions = {
  // Lines are cut by the chunker, not at 80 columns.
  wordwrap: false,
  formatters: { headingWithMark },
  selectors: [
    ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
    // Links keep their words only: hrefs are noise for search and answers, and a citation never follows them.
    { selector: 'a', options: { ignoreHref: true } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, format: 'headingWithMark' })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false, maxColumnWidth: 200 } },
  ],
};

/**
 * Plain text of an HTML document, cut into one section per heading. Paragraphs are numbered through the whole
 * document (a heading counts as one) so that "paragraph 12" means the same thing in every section.
 */
export function htmlToSections(html: string): { text: string; sections: DocumentSection[] } {
  return markedTextToSections(convert(html.replaceAll(HEADING_MARK, ''), OPTIONS));
}

/** Text whose paragraphs are separated by blank lines, a heading's starting with HEADING_MARK, as sections (see htmlToSections). */
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
