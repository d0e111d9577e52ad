import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format';

describe('formatFileSize', () => {
  it('reads as a person would say it, with the Vietnamese decimal comma', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(10 * 1024)).toBe('10 KB');
    expect(formatFileSize(12_345)).toBe('12,1 KB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatFileSize(undefined)).toBe('');
  });
});
