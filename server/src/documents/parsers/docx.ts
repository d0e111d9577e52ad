import type { ParsedDocument } from '../parsed-document.ts';
import { HEADING_MARK, markedTextToSections } from './marked-sections.ts';
import { assertComplete, decodeXml, readParts } from './ooxml.ts';

const MAIN_PART_DEFAULT = 'word/document.xml';
const OFFICE_DOCUMENT = /Type="[^"]*\/officeDocument"[^>]*Target="([^"]+)"|Target="([^"]+)"[^>]*Type="[^"]*\/officeDocument"/;

/**
 * The text of a Word (.docx) file, read straight from its main part: paragraphs, with Word headings (styles
 * named "heading 1"–"heading 6" or "Title") starting sections, and each table row as one line of its cells
 * joined by " | ". Only the XML parts are unpacked: images, embedded objects and anything a relationship points
 * to outside the package are never read. `inspectUpload` has bounded the archive's sizes already, and yauzl
 * fails an entry that unpacks to more than it declares.
 */
export async function parseDocx(bytes: Buffer): Promise<ParsedDocument> {
  const parts = await readParts(bytes, (name) => name === '_rels/.rels' || name.endsWith('.xml'));
  const rels = parts.get('_rels/.rels') ?? '';
  const target = OFFICE_DOCUMENT.exec(rels);
  const mainName = (target?.[1] ?? target?.[2] ?? MAIN_PART_DEFAULT).replace(/^\//, '');
  const main = parts.get(mainName);
  if (main === undefined) throw new Error(`no main document part (${mainName})`);
  assertComplete(main, 'document', mainName);
  const folder = mainName.includes('/') ? mainName.slice(0, mainName.lastIndexOf('/') + 1) : '';
  const headingStyles = headingStylesOf(parts.get(`${folder}styles.xml`) ?? '');
  return markedTextToSections(documentText(main, headingStyles));
}

/** Style ids of heading styles: by name ("heading 1", "Title") as Word writes them in any UI language. */
function headingStylesOf(styles: string): Set<string> {
  const ids = new Set<string>();
  for (const match of styles.matchAll(/<w:style\b[^>]*\bw:styleId="([^"]+)"[^>]*>([\s\S]*?)<\/w:style>/g)) {
    const name = /<w:name\b[^>]*\bw:val="([^"]+)"/.exec(match[2] ?? '')?.[1] ?? '';
    if (/^(heading [1-6]|title)$/i.test(name)) ids.add(match[1] ?? '');
  }
  return ids;
}

const TOKEN = /<(\/?)(w:[A-Za-z]+)\b([^>]*?)(\/?)>|([^<]+)/g;

interface Paragraph {
  text: string;
  heading: boolean;
}

/**
 * The main part as text: paragraphs separated by blank lines, headings marked with HEADING_MARK, a table row
 * as one paragraph. Text only comes from `w:t` (not deleted text, field codes or anything else).
 */
function documentText(xml: string, headingStyles: ReadonlySet<string>): string {
  const blocks: string[] = [];
  const paragraphs: Paragraph[] = [];
  const rows: string[][] = [];
  const cells: string[][] = [];
  let inText = false;
  const current = (): Paragraph | undefined => paragraphs.at(-1);
  const append = (text: string) => {
    const paragraph = current();
    if (paragraph) paragraph.text += text;
  };
  for (const match of xml.matchAll(TOKEN)) {
    const [, closing, tag, attributes = '', selfClosing, content] = match;
    if (content !== undefined) {
      if (inText) append(decodeXml(content));
      continue;
    }
    const open = closing !== '/';
    switch (tag) {
      case 'w:t':
        inText = open && selfClosing !== '/';
        break;
      case 'w:p':
        if (open && selfClosing !== '/') paragraphs.push({ text: '', heading: false });
        else if (!open) {
          const paragraph = paragraphs.pop();
          const text = (paragraph?.text ?? '').replaceAll(HEADING_MARK, '').replace(/[ \t\u00a0]+/g, ' ').replace(/ *\n */g, '\n').trim();
          if (text === '') break;
          const cell = cells.at(-1);
          if (cell) cell.push(text);
          else if (current()) append(` ${text} `);
          else blocks.push(paragraph?.heading ? `${HEADING_MARK}${text.replace(/\s+/g, ' ')}` : text);
        }
        break;
      case 'w:pStyle': {
        const style = /\bw:val="([^"]+)"/.exec(attributes)?.[1];
        const paragraph = current();
        if (paragraph && style !== undefined && (headingStyles.has(style) || /^Heading[1-6]$|^Title$/.test(style))) paragraph.heading = true;
        break;
      }
      case 'w:tab':
      case 'w:ptab':
        if (open) append('\t');
        break;
      case 'w:br':
      case 'w:cr':
        if (open) append('\n');
        break;
      case 'w:noBreakHyphen':
        if (open) append('-');
        break;
      case 'w:tr':
        if (open && selfClosing !== '/') rows.push([]);
        else if (!open) {
          const row = (rows.pop() ?? []).map((cell) => cell.replace(/\s+/g, ' ').trim());
          if (row.some((cell) => cell !== '')) {
            const line = row.join(' | ');
            const cell = cells.at(-1);
            if (cell) cell.push(line);
            else blocks.push(line);
          }
        }
        break;
      case 'w:tc':
        if (open && selfClosing !== '/') cells.push([]);
        else if (!open) rows.at(-1)?.push((cells.pop() ?? []).join(' '));
        break;
      default:
        break;
    }
  }
  return blocks.join('\n\n');
}
