import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFileSize } from './format';

describe('formatFileSize', () => {
  it('reads as a person would say it, with the Vietnamese decimal comma', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(10 * 1024)).toBe('10 KB');
    expect(formatFileSize(12_345)).toBe('12,1 KB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatFileSize(undefined)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows Vietnam time', () => {
    expect(formatDateTime('2025-03-04T02:05:00Z', 'vi')).toContain('09:05');
    expect(formatDateTime(undefined, 'vi')).toBe('');
  });
});
