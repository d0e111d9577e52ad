/**
 * A UUID of version 7 (RFC 9562): the first 48 bits are the Unix time in milliseconds, the other 74 random. Rows
 * written all day (inbox threads and items, jobs) then land at the right end of their primary-key
 * and dedupe-key indexes instead of on a random leaf each: after each checkpoint PostgreSQL logs a full copy of
 * every page a write touches first, and random keys touch a new page with nearly every insert.
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let time = now;
  for (let i = 5; i >= 0; i -= 1) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
