import { describe, expect, it } from 'vitest';
import { formatDateTime, formatVietnamClock, formatVietnamDate, vietnamWallClock } from './vietnam-time';

describe('Vietnam time', () => {
  it('reads an instant as the wall clock in Vietnam (UTC+7), whatever the zone of the machine', () => {
    expect(vietnamWallClock('2025-03-04T17:05:00Z')).toEqual({ year: '2025', month: '03', day: '05', hour: '00', minute: '05', weekday: 2 });
    expect(vietnamWallClock(new Date('2026-01-04T02:00:00Z')).weekday).toBe(6);
    expect(formatVietnamClock('2025-03-04T02:05:00Z')).toBe('09:05');
    expect(formatVietnamDate(Date.parse('2025-12-31T17:00:00Z'))).toBe('01/01/2026');
  });

  it("shows a date and time in the language's short form, in Vietnam time", () => {
    expect(formatDateTime('2025-03-04T02:05:00Z', 'vi')).toBe('09:05 4/3/25');
    expect(formatDateTime('2025-03-04T02:05:00Z', 'en')).toBe('04/03/2025, 09:05');
    expect(formatDateTime(null, 'vi')).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});
