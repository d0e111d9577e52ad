/** Lower case without Vietnamese marks, so "hoa" finds "Hoà" and "duong" finds "Dương" (every search of the CRM). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();
}
