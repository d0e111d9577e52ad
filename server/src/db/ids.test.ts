import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from './ids.js';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID whose first 48 bits are the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 28, 12, 0, 0, 123);
    const id = timeOrderedUuid(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts later ids after earlier ones, and never repeats within a millisecond', () => {
    const at = Date.UTC(2026, 10, 28, 12, 0, 0, 0);
    const earlier = Array.from({ length: 100 }, () => timeOrderedUuid(at));
    const later = timeOrderedUuid(at + 1);
    expect(new Set(earlier).size).toBe(100);
    expect(earlier.every((id) => id < later)).toBe(true);
  });
});
