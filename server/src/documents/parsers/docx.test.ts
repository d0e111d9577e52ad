import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { docxEntries } from '../fixtures/builders.ts';
import { parseDocx } from './docx.ts';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A docx whose body is `body` (WordprocessingML) and whose styles name `Tieude1` "heading 1", as a Vietnamese Word does. */
function docxWithBody(body: string): Buffer {
  const entries = docxEntries({ paragraphs: [] });
  entries['word/document.xml'] = strToU8(`<?xml version="1.0"?><w:document ${W}><w:body>${body}</w:body></w:document>`);
  entries['word/styles.xml'] = strToU8(`<?xml version="1.0"?><w:styles ${W}><w:style w:type="paragraph" w:styleId="Tieude1"><w:name w:val="heading 1"/></w:style></w:styles>`);
  return Buffer.from(zipSync(entries));
}

const p = (inner: string, style?: string) => `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}${inner}</w:p>`;
const r = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;

describe('parseDocx', () => {
  it('reads paragraphs and runs, headings by style name, in sections numbered like the HTML path', async () => {
    const parsed = await parseDocx(
      docxWithBody(p(r('Chính sách'), 'Tieude1') + p(r('Giao hàng ') + r('toàn quốc: Hà Nội 1–2 ngày, TP. Hồ Chí Minh 2–3 ngày.')) + p(r('Đổi trả 7 ngày.'))),
    );
    expect(parsed.sections).toEqual([
      {
        title: 'Chính sách',
        text: 'Giao hàng toàn quốc: Hà Nội 1–2 ngày, TP. Hồ Chí Minh 2–3 ngày.\n\nĐổi trả 7 ngày.',
        locator: 'paragraphs 2–3',
        address: { unit: 'paragraph', firstParagraph: 2 },
      },
    ]);
  });

  it('a table row is one line of its cells; entities, tabs and breaks are text; deleted text and field codes are not', async () => {
    const table =
      '<w:tbl><w:tr><w:tc>' + p(r('Sản phẩm')) + '</w:tc><w:tc>' + p(r('Giá')) + '</w:tc></w:tr>' +
      '<w:tr><w:tc>' + p(r('Áo &amp; quần')) + '</w:tc><w:tc>' + p(r('150.000đ')) + '</w:tc></w:tr></w:tbl>';
    const parsed = await parseDocx(
      docxWithBody(
        table +
          p(r('Mã') + '<w:r><w:tab/></w:r>' + r('&#x41;1') + '<w:r><w:br/></w:r>' + r('dòng hai')) +
          p('<w:del><w:r><w:delText>đã xoá</w:delText></w:r></w:del><w:r><w:instrText> HYPERLINK "x" </w:instrText></w:r>' + r('còn lại')),
      ),
    );
    expect(parsed.text).toBe('Sản phẩm | Giá\n\nÁo & quần | 150.000đ\n\nMã A1\ndòng hai\n\ncòn lại');
  });

  it('a heading mark in the text cannot forge a heading; a file without a main part is refused', async () => {
    const parsed = await parseDocx(docxWithBody(p(r('\uE000Không phải tiêu đề'))));
    expect(parsed.sections.map((section) => section.title)).toEqual([undefined]);
    const entries = docxEntries({ paragraphs: [] });
    delete entries['word/document.xml'];
    await expect(parseDocx(Buffer.from(zipSync(entries)))).rejects.toThrow(/main document part/);
  });
});
