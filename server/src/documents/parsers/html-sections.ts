import { convert, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';
import type { DocumentSection } from '../parsed-document.ts';
import { HEADING_MARK, markedTextToSections } from './marked-sections.ts';

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
