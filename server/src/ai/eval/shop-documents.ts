/**
 * The evaluation set of retrieval and of the embedded engine's answers: the documents of one small shop (a
 * price list, a menu, a shipping and returns policy, opening hours, an English page) and the questions its
 * customers ask, each with the document line that answers it and the fact a correct answer states. Used by
 * `retrieval-eval.test.ts` (the floor) and `bench/retrieval-eval.ts` (the figures).
 */
import { buildDocx, buildWorkbook } from '../../documents/fixtures/builders.js';

export interface EvalDocument {
  fileName: string;
  bytes: Buffer;
}

export interface EvalCase {
  question: string;
  /** The line or sentence of a document that answers, exactly as the document has it (a table row as its cells joined by " | "). */
  passage: string;
  /** What a correct answer says, as written in the document. */
  fact: string;
}

const PRICE_ROWS: string[][] = [
  ['Mã', 'Sản phẩm', 'Quy cách', 'Giá bán'],
  ['CF01', 'Cà phê hạt Robusta Cầu Đất', 'Túi 500 g', '165.000đ'],
  ['CF02', 'Cà phê hạt Arabica Sơn La', 'Túi 500 g', '240.000đ'],
  ['CF03', 'Cà phê phin giấy', 'Hộp 10 gói', '89.000đ'],
  ['CF04', 'Cà phê hòa tan 3 trong 1', 'Hộp 20 gói', '75.000đ'],
  ['TR01', 'Trà ô long Mộc Châu', 'Hộp 200 g', '180.000đ'],
  ['QT01', 'Hộp quà Tết cà phê', 'Hộp 3 túi 250 g', '450.000đ'],
  ['DC01', 'Bộ phin nhôm', '1 bộ', '45.000đ'],
  ['DC02', 'Bình giữ nhiệt Hương Quê', 'Dung tích 500 ml', '210.000đ'],
];
const row = (code: string): string => (PRICE_ROWS.find((cells) => cells[0] === code) ?? []).join(' | ');

const MENU = [
  { text: 'Thực đơn đồ uống và bánh', heading: 1 as const },
  { text: 'Cà phê', heading: 2 as const },
  { text: 'Cà phê sữa đá: 29.000đ (size M), 35.000đ (size L).' },
  { text: 'Cà phê đen đá: 25.000đ (size M), 30.000đ (size L).' },
  { text: 'Bạc xỉu: 32.000đ, ít cà phê, nhiều sữa.' },
  { text: 'Cold brew cam sả: 45.000đ, ủ lạnh 16 giờ.' },
  { text: 'Trà', heading: 2 as const },
  { text: 'Trà đào cam sả: 39.000đ, có thể chọn ít đường.' },
  { text: 'Trà sữa ô long: 42.000đ, topping trân châu trắng thêm 8.000đ.' },
  { text: 'Trà gừng mật ong (nóng): 30.000đ.' },
  { text: 'Bánh', heading: 2 as const },
  { text: 'Bánh mì thịt nướng: 25.000đ, chỉ bán buổi sáng đến 10 giờ.' },
  { text: 'Bánh croissant bơ: 35.000đ.' },
  { text: 'Bánh tiramisu: 45.000đ một phần.' },
  { text: 'Ghi chú', heading: 2 as const },
  { text: 'Tất cả đồ uống có thể đổi sang sữa yến mạch, thêm 10.000đ. Size L lớn hơn size M khoảng 200 ml.' },
];

const POLICY = `# Chính sách giao hàng và đổi trả

## Giao hàng

Giao hàng toàn quốc: Hà Nội 1–2 ngày, TP. Hồ Chí Minh 2–3 ngày. Các tỉnh thành khác từ 3 đến 5 ngày làm việc.

Phí giao hàng nội thành Hà Nội là 20.000đ. Miễn phí giao hàng cho đơn từ 300.000đ. Đơn đặt trước 15 giờ được giao trong ngày tại nội thành Hà Nội.

Shop nhận thanh toán khi nhận hàng (COD) hoặc chuyển khoản ngân hàng. Số tài khoản: 0123 456 789 tại Vietcombank, chủ tài khoản Nguyễn Thị Hương.

## Đổi trả

Khách hàng được đổi trả trong vòng 7 ngày kể từ khi nhận hàng nếu sản phẩm còn nguyên bao bì. Cà phê hạt đã mở túi không được đổi trả, trừ khi bị lỗi từ nhà sản xuất.

Shop hoàn tiền qua chuyển khoản trong 3 ngày làm việc sau khi nhận lại hàng. Phí gửi hàng đổi trả do shop chịu nếu lỗi từ shop.
`;

const HOURS = `Hương Quê Coffee & Bakery
Địa chỉ: 25 Lý Thường Kiệt, P. Hàng Bài, Q. Hoàn Kiếm, Hà Nội.
Chi nhánh 2: 108 Nguyễn Trãi, P. Bến Thành, Q. 1, TP. Hồ Chí Minh.
Giờ mở cửa: thứ Hai đến thứ Sáu từ 7 giờ sáng đến 22 giờ.
Thứ Bảy và Chủ nhật mở cửa từ 6 giờ 30 đến 23 giờ.
Quán nghỉ ngày mùng 1 và mùng 2 Tết Nguyên đán.
Hotline: 0901 234 567 (từ 8 giờ đến 21 giờ).
Quán có chỗ để xe máy miễn phí và wifi miễn phí.
Đặt bàn trước qua hotline cho nhóm từ 10 người.
`;

const ENGLISH = `# Huong Que: information in English

We ship nationwide within Vietnam: Hanoi in 1–2 days, Ho Chi Minh City in 2–3 days. International shipping is not available yet. Orders over 300,000 VND ship free of charge.

Returns are accepted within 7 days of delivery if the packaging is unopened. Refunds are sent by bank transfer within 3 working days.

Our Hanoi coffee shop opens from 7 am to 10 pm on weekdays and from 6:30 am to 11 pm on weekends. We accept cash on delivery, bank transfer and Visa or Mastercard in the coffee shop. All drinks can be made with oat milk for an extra 10,000 VND.
`;

export function shopDocuments(): EvalDocument[] {
  return [
    { fileName: 'bang-gia.xlsx', bytes: buildWorkbook([{ name: 'Bảng giá', rows: PRICE_ROWS }], 'xlsx') },
    { fileName: 'thuc-don.docx', bytes: buildDocx({ paragraphs: MENU }) },
    { fileName: 'chinh-sach-giao-hang.md', bytes: Buffer.from(POLICY) },
    { fileName: 'gio-mo-cua.txt', bytes: Buffer.from(HOURS) },
    { fileName: 'english.md', bytes: Buffer.from(ENGLISH) },
  ];
}

const SHIPPING = 'Giao hàng toàn quốc: Hà Nội 1–2 ngày, TP. Hồ Chí Minh 2–3 ngày.';
const OTHER_PROVINCES = 'Các tỉnh thành khác từ 3 đến 5 ngày làm việc.';
const FEE = 'Phí giao hàng nội thành Hà Nội là 20.000đ.';
const FREE = 'Miễn phí giao hàng cho đơn từ 300.000đ.';
const SAME_DAY = 'Đơn đặt trước 15 giờ được giao trong ngày tại nội thành Hà Nội.';
const PAYMENT = 'Shop nhận thanh toán khi nhận hàng (COD) hoặc chuyển khoản ngân hàng.';
const ACCOUNT = 'Số tài khoản: 0123 456 789 tại Vietcombank, chủ tài khoản Nguyễn Thị Hương.';
const RETURNS = 'Khách hàng được đổi trả trong vòng 7 ngày kể từ khi nhận hàng nếu sản phẩm còn nguyên bao bì.';
const OPENED = 'Cà phê hạt đã mở túi không được đổi trả, trừ khi bị lỗi từ nhà sản xuất.';
const REFUND = 'Shop hoàn tiền qua chuyển khoản trong 3 ngày làm việc sau khi nhận lại hàng.';
const RETURN_FEE = 'Phí gửi hàng đổi trả do shop chịu nếu lỗi từ shop.';
const MILK = 'Cà phê sữa đá: 29.000đ (size M), 35.000đ (size L).';
const BLACK = 'Cà phê đen đá: 25.000đ (size M), 30.000đ (size L).';
const OOLONG_MILK_TEA = 'Trà sữa ô long: 42.000đ, topping trân châu trắng thêm 8.000đ.';
const PEACH_TEA = 'Trà đào cam sả: 39.000đ, có thể chọn ít đường.';
const ADDRESS = 'Địa chỉ: 25 Lý Thường Kiệt, P. Hàng Bài, Q. Hoàn Kiếm, Hà Nội.';
const BRANCH = 'Chi nhánh 2: 108 Nguyễn Trãi, P. Bến Thành, Q. 1, TP. Hồ Chí Minh.';
const WEEKDAYS = 'Giờ mở cửa: thứ Hai đến thứ Sáu từ 7 giờ sáng đến 22 giờ.';
const WEEKEND = 'Thứ Bảy và Chủ nhật mở cửa từ 6 giờ 30 đến 23 giờ.';
const TET = 'Quán nghỉ ngày mùng 1 và mùng 2 Tết Nguyên đán.';
const HOTLINE = 'Hotline: 0901 234 567 (từ 8 giờ đến 21 giờ).';
const PARKING = 'Quán có chỗ để xe máy miễn phí và wifi miễn phí.';
const BOOKING = 'Đặt bàn trước qua hotline cho nhóm từ 10 người.';
const EN_SHIPPING = 'We ship nationwide within Vietnam: Hanoi in 1–2 days, Ho Chi Minh City in 2–3 days.';
const EN_HOURS = 'Our Hanoi coffee shop opens from 7 am to 10 pm on weekdays and from 6:30 am to 11 pm on weekends.';
const EN_PAYMENT = 'We accept cash on delivery, bank transfer and Visa or Mastercard in the coffee shop.';

export const EVAL_CASES: EvalCase[] = [
  // Shipping: with and without diacritics, shorthand ("ship", "k", "bn", "hcm", "tphcm", "freeship").
  { question: 'Ship về Hà Nội bao lâu?', passage: SHIPPING, fact: 'Hà Nội 1–2 ngày' },
  { question: 'ship ve ha noi bao lau', passage: SHIPPING, fact: 'Hà Nội 1–2 ngày' },
  { question: 'Hà Nội giao mất mấy ngày vậy shop?', passage: SHIPPING, fact: 'Hà Nội 1–2 ngày' },
  { question: 'Giao hàng vào TP. Hồ Chí Minh mất mấy ngày?', passage: SHIPPING, fact: 'TP. Hồ Chí Minh 2–3 ngày' },
  { question: 'ship hcm may ngay', passage: SHIPPING, fact: 'TP. Hồ Chí Minh 2–3 ngày' },
  { question: 'giao ve tphcm bao lau', passage: SHIPPING, fact: 'TP. Hồ Chí Minh 2–3 ngày' },
  { question: 'giao hang toan quoc ko', passage: SHIPPING, fact: 'toàn quốc' },
  { question: 'Ship tỉnh khác bao lâu?', passage: OTHER_PROVINCES, fact: '3 đến 5 ngày' },
  { question: 'cac tinh thanh khac giao may ngay', passage: OTHER_PROVINCES, fact: '3 đến 5 ngày' },
  { question: 'phi ship noi thanh bn', passage: FEE, fact: '20.000đ' },
  { question: 'Phí giao hàng nội thành Hà Nội bao nhiêu?', passage: FEE, fact: '20.000đ' },
  { question: 'Đơn bao nhiêu thì được freeship?', passage: FREE, fact: '300.000đ' },
  { question: 'mien phi giao hang cho don tu bn', passage: FREE, fact: '300.000đ' },
  { question: 'dat truoc 15h co giao trong ngay k', passage: SAME_DAY, fact: '15 giờ' },
  { question: 'Shop có nhận COD không?', passage: PAYMENT, fact: 'COD' },
  { question: 'thanh toan khi nhan hang dc ko', passage: PAYMENT, fact: 'thanh toán khi nhận hàng' },
  { question: 'Cho mình xin số tài khoản', passage: ACCOUNT, fact: '0123 456 789' },
  { question: 'cho xin stk de ck', passage: ACCOUNT, fact: '0123 456 789' },
  { question: 'chu tai khoan ten gi', passage: ACCOUNT, fact: 'Nguyễn Thị Hương' },
  // Returns.
  { question: 'Đổi trả trong bao lâu?', passage: RETURNS, fact: '7 ngày' },
  { question: 'doi tra dc trong may ngay', passage: RETURNS, fact: '7 ngày' },
  { question: 'Cà phê hạt mở túi rồi có đổi trả được không?', passage: OPENED, fact: 'không được đổi trả' },
  { question: 'hoan tien mat bao lau', passage: REFUND, fact: '3 ngày làm việc' },
  { question: 'Shop hoàn tiền bằng cách nào?', passage: REFUND, fact: 'chuyển khoản' },
  { question: 'Phí gửi hàng đổi trả ai chịu?', passage: RETURN_FEE, fact: 'do shop chịu' },
  // Menu (a docx with headings).
  { question: 'Cà phê sữa đá giá bao nhiêu?', passage: MILK, fact: '29.000đ' },
  { question: 'ca phe sua da sz L bn', passage: MILK, fact: '35.000đ' },
  { question: 'cf sua da size m gia sao', passage: MILK, fact: '29.000đ' },
  { question: 'cf den da bn tien', passage: BLACK, fact: '25.000đ' },
  { question: 'Cà phê đen size L giá bao nhiêu?', passage: BLACK, fact: '30.000đ' },
  { question: 'Bạc xỉu bao nhiêu tiền?', passage: 'Bạc xỉu: 32.000đ, ít cà phê, nhiều sữa.', fact: '32.000đ' },
  { question: 'cold brew gia bao nhieu', passage: 'Cold brew cam sả: 45.000đ, ủ lạnh 16 giờ.', fact: '45.000đ' },
  { question: 'Trà đào có chọn ít đường được không?', passage: PEACH_TEA, fact: 'ít đường' },
  { question: 'tra dao cam sa gia bn', passage: PEACH_TEA, fact: '39.000đ' },
  { question: 'tra sua o long bn tien', passage: OOLONG_MILK_TEA, fact: '42.000đ' },
  { question: 'Thêm topping trân châu bao nhiêu?', passage: OOLONG_MILK_TEA, fact: '8.000đ' },
  { question: 'Có trà gừng mật ong không?', passage: 'Trà gừng mật ong (nóng): 30.000đ.', fact: '30.000đ' },
  { question: 'banh mi thit nuong ban den may gio', passage: 'Bánh mì thịt nướng: 25.000đ, chỉ bán buổi sáng đến 10 giờ.', fact: '10 giờ' },
  { question: 'Bánh croissant giá nhiêu?', passage: 'Bánh croissant bơ: 35.000đ.', fact: '35.000đ' },
  { question: 'tiramisu bn 1 phan', passage: 'Bánh tiramisu: 45.000đ một phần.', fact: '45.000đ' },
  { question: 'Đổi sang sữa yến mạch có mất thêm tiền không?', passage: 'Tất cả đồ uống có thể đổi sang sữa yến mạch, thêm 10.000đ.', fact: '10.000đ' },
  { question: 'sz L lon hon sz M bao nhieu ml', passage: 'Size L lớn hơn size M khoảng 200 ml.', fact: '200 ml' },
  // Price list (an xlsx: a row is the passage).
  { question: 'Cà phê hạt Robusta giá bao nhiêu?', passage: row('CF01'), fact: '165.000đ' },
  { question: 'ca phe hat arabica son la bn', passage: row('CF02'), fact: '240.000đ' },
  { question: 'Cà phê phin giấy một hộp mấy gói?', passage: row('CF03'), fact: '10 gói' },
  { question: 'ca phe hoa tan gia sao shop', passage: row('CF04'), fact: '75.000đ' },
  { question: 'Trà ô long Mộc Châu bán bao nhiêu?', passage: row('TR01'), fact: '180.000đ' },
  { question: 'Hộp quà Tết giá nhiêu vậy', passage: row('QT01'), fact: '450.000đ' },
  { question: 'bo phin nhom bn', passage: row('DC01'), fact: '45.000đ' },
  { question: 'Bình giữ nhiệt dung tích bao nhiêu?', passage: row('DC02'), fact: '500 ml' },
  // Address and opening hours (abbreviations P., Q., TP. inside the answers).
  { question: 'Địa chỉ quán ở đâu?', passage: ADDRESS, fact: '25 Lý Thường Kiệt' },
  { question: 'dia chi chi nhanh 2 o dau', passage: BRANCH, fact: '108 Nguyễn Trãi' },
  { question: 'Chi nhánh ở TP. Hồ Chí Minh nằm ở đâu?', passage: BRANCH, fact: 'Q. 1, TP. Hồ Chí Minh' },
  { question: 'Mấy giờ quán mở cửa?', passage: WEEKDAYS, fact: '7 giờ sáng' },
  { question: 'gio mo cua thu hai', passage: WEEKDAYS, fact: '7 giờ sáng' },
  { question: 't7 mo cua may h', passage: WEEKEND, fact: '6 giờ 30' },
  { question: 'Chủ nhật quán mở cửa đến mấy giờ?', passage: WEEKEND, fact: '23 giờ' },
  { question: 'Tết quán có nghỉ không?', passage: TET, fact: 'mùng 1' },
  { question: 'sdt hotline la gi', passage: HOTLINE, fact: '0901 234 567' },
  { question: 'Có chỗ để xe máy không?', passage: PARKING, fact: 'xe máy miễn phí' },
  { question: 'quan co wifi ko', passage: PARKING, fact: 'wifi miễn phí' },
  { question: 'Đặt bàn cho nhóm đông người được không?', passage: BOOKING, fact: '10 người' },
  // English.
  { question: 'How long does delivery to Hanoi take?', passage: EN_SHIPPING, fact: '1–2 days' },
  { question: 'Do you ship to Ho Chi Minh City?', passage: EN_SHIPPING, fact: '2–3 days' },
  { question: 'Do you offer international shipping?', passage: 'International shipping is not available yet.', fact: 'not available' },
  { question: 'Is shipping free?', passage: 'Orders over 300,000 VND ship free of charge.', fact: '300,000 VND' },
  { question: 'How many days do I have to return an order?', passage: 'Returns are accepted within 7 days of delivery if the packaging is unopened.', fact: '7 days' },
  { question: 'When will I get my refund?', passage: 'Refunds are sent by bank transfer within 3 working days.', fact: '3 working days' },
  { question: 'What are your opening hours on weekends?', passage: EN_HOURS, fact: '6:30 am to 11 pm' },
  { question: 'Do you accept bank transfer?', passage: EN_PAYMENT, fact: 'bank transfer' },
  { question: 'Can drinks be made with oat milk?', passage: 'All drinks can be made with oat milk for an extra 10,000 VND.', fact: '10,000 VND' },
];
