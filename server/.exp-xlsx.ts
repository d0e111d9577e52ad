import { buildWorkbook } from './src/documents/fixtures/builders.ts';
import { readParts } from './src/documents/parsers/ooxml.ts';
import { parseXlsx } from './src/documents/parsers/xlsx.ts';
const rows = Array.from({ length: 60_000 }, (_, i) => [`SP${i}`, 'áo thun', 100_000 + (i % 900) * 1_000, i % 50, `Giá bán áo thun là ${i}.000 VNĐ, miễn phí giao hàng nội thành cho đơn từ 500.000 VNĐ.`]);
const xlsx = buildWorkbook([{ name: 'Bảng giá', rows: [['Mã', 'Sản phẩm', 'Giá bán', 'Tồn kho', 'Ghi chú'], ...rows] }], 'xlsx');
for (let k = 0; k < 2; k++) {
let t = performance.now();
const parts = await readParts(xlsx, (n) => n.endsWith('.xml') || n.endsWith('.rels'));
console.log('readParts', (performance.now() - t).toFixed(0), [...parts].map(([n, v]) => `${n}:${v.length}`).join(' '));
t = performance.now();
await parseXlsx(xlsx);
console.log('parseXlsx total', (performance.now() - t).toFixed(0));
}
console.log((parts => parts)(0));
