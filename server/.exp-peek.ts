import { buildWorkbook } from './src/documents/fixtures/builders.ts';
import { readParts } from './src/documents/parsers/ooxml.ts';
const x = buildWorkbook([{ name: 'B', rows: [['Mã', 'Giá'], ['SP1', 100000]] }], 'xlsx');
const p = await readParts(x, (n) => n.includes('sheet1'));
console.log([...p.values()][0]);
