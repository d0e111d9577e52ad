import { describe, expect, it } from 'vitest';
import { assertComplete } from './ooxml.ts';

describe('assertComplete', () => {
  it('accepts a part that ends with its root closing tag, prefixed or not, whitespace after it', () => {
    expect(() => assertComplete('<worksheet><sheetData/></worksheet>', 'worksheet', 'sheet1')).not.toThrow();
    expect(() => assertComplete('<x:worksheet><sheetData/></x:worksheet>\r\n  ', 'worksheet', 'sheet1')).not.toThrow();
  });

  it('refuses a part cut short, or ending with another element', () => {
    expect(() => assertComplete('<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row>', 'worksheet', 'sheet1')).toThrow('sheet1 is not complete XML');
    expect(() => assertComplete('<worksheet></worksheet><extra/>', 'worksheet', 'sheet1')).toThrow();
    expect(() => assertComplete('<worksheet></sheetData>', 'worksheet', 'sheet1')).toThrow();
    expect(() => assertComplete('', 'worksheet', 'sheet1')).toThrow();
    expect(() => assertComplete('<w:document></w:documents>', 'document', 'word/document.xml')).toThrow();
  });
});
