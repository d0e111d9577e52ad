import { randomBytes, randomUUID } from 'node:crypto';
import { buildDocx, buildWorkbook } from './src/documents/fixtures/builders.ts';
import { inspectUpload } from './src/documents/inspect.ts';
import { parseDocument } from './src/documents/parse.ts';
import { parseBytes } from './src/documents/parsers/index.ts';
import { chunkDocument } from './src/documents/chunk.ts';
import { foldVietnamese } from './src/documents/fold.ts';
const PRODUCTS = ['áo thun cotton', 'quần jean nữ', 'váy hoa', 'giày thể thao', 'túi xách da', 'mũ lưỡi trai', 'áo khoác gió', 'khăn lụa'];
const SENTENCES = ['Giá bán {p} là {n}.000 VNĐ, miễn phí giao hàng nội thành cho đơn từ 500.000 VNĐ.','Khách hàng có thể đổi trả {p} trong vòng 7 ngày nếu còn nguyên tem mác.','Chất liệu của {p} được chọn lọc kỹ, phù hợp khí hậu nóng ẩm của Việt Nam.','Cửa hàng mở cửa từ 8 giờ sáng đến 10 giờ tối, kể cả thứ Bảy và Chủ nhật.'];
const sentence = (i: number) => (SENTENCES[i % 4] ?? '').replace('{p}', PRODUCTS[i % 8] ?? '').replace('{n}', String(100 + (i % 900)));
const docx = buildDocx({ paragraphs: Array.from({ length: 9_000 }, (_, i) => ({ text: `${sentence(i)} Mã ${randomUUID().slice(0, 8)}.` })), extraEntries: { 'word/media/photo1.jpg': randomBytes(900_000) } });
const rows = Array.from({ length: 60_000 }, (_, i) => [`SP${i}`, PRODUCTS[i % 8] ?? '', 100_000 + (i % 900) * 1_000, i % 50, sentence(i)]);
const xlsx = buildWorkbook([{ name: 'Bảng giá', rows: [['Mã', 'Sản phẩm', 'Giá bán', 'Tồn kho', 'Ghi chú'], ...rows] }], 'xlsx');
for (const [name, kind, bytes] of [['c.docx', 'docx', docx], ['b.xlsx', 'xlsx', xlsx]] as const) {
  let t = performance.now();
  const lap = (label: string) => { const n = performance.now(); console.log(name, label, (n - t).toFixed(0)); t = n; };
  await inspectUpload(name, bytes); lap('inspect');
  const inThread = await parseBytes(kind, bytes); lap('parse in thread');
  const parsed = await parseDocument(kind, bytes); lap('parse in worker');
  const chunks = chunkDocument(parsed); lap(`chunk (${chunks.length})`);
  chunks.map((c) => foldVietnamese(c.text)); lap('fold');
  void inThread;
}
