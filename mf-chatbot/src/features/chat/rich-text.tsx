import { Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';

/**
 * A deliberately tiny Markdown subset for answers: headings (#…####), bullet and numbered lists, paragraphs,
 * **bold**, *italic*, `code`, and citation marks [n]. Everything becomes React elements with the text as
 * text: nothing the server sends is ever parsed as HTML.
 */
type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; lines: string[] };

const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', lines: paragraph });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = null;
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (line.trim() === '') {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: Math.min(heading[1]?.length ?? 1, 4) as 1 | 2 | 3 | 4, text: heading[2] ?? '' });
    } else if (bullet || numbered) {
      const ordered = numbered !== null;
      const item = (bullet ?? numbered)?.[1] ?? '';
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item);
    } else if (list && /^\s{2,}/.test(raw)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const INLINE = /\*\*(.+?)\*\*|\*(?!\s)(.+?)\*|`([^`]+)`|\[(\d{1,3})\]/g;

export interface RichTextProps {
  text: string;
  /** Renders a citation mark `[n]`; without it the mark stays as text. */
  renderCitation?: (index: number) => ReactNode;
}

function inline(text: string, renderCitation: RichTextProps['renderCitation']): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(INLINE)) {
    const start = match.index;
    if (start > last) out.push(text.slice(last, start));
    const [whole, bold, italic, code, citation] = match;
    if (bold !== undefined) out.push(<strong key={key++}>{inline(bold, renderCitation)}</strong>);
    else if (italic !== undefined) out.push(<em key={key++}>{inline(italic, renderCitation)}</em>);
    else if (code !== undefined) out.push(<Typography.Text code key={key++}>{code}</Typography.Text>);
    else if (citation !== undefined && renderCitation) {
      const rendered = renderCitation(Number(citation));
      out.push(<Fragment key={key++}>{rendered ?? whole}</Fragment>);
    } else out.push(whole);
    last = start + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function RichText({ text, renderCitation }: RichTextProps) {
  return (
    <div className="pm-rich-text">
      {parseBlocks(text).map((block, i) => {
        if (block.kind === 'heading') {
          // Answers sit under the page's h1 and the chat's h2: their headings start at h3.
          const Tag = (['h3', 'h4', 'h5', 'h6'] as const)[block.level - 1] ?? 'h6';
          return (
            <Tag key={i} style={{ margin: '12px 0 6px', fontSize: [18, 16, 15, 14][block.level - 1] }}>
              {inline(block.text, renderCitation)}
            </Tag>
          );
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={i} style={{ margin: '4px 0 8px', paddingInlineStart: 22 }}>
              {block.items.map((item, j) => (
                <li key={j}>{inline(item, renderCitation)}</li>
              ))}
            </List>
          );
        }
        return (
          <p key={i} style={{ margin: '0 0 8px' }}>
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                {inline(line, renderCitation)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
