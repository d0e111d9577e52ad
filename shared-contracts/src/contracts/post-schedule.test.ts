import { describe, expect, it } from 'vitest';
import { occurrenceAt, occurrences, type PostSchedule, vietnamDay, vietnamWeekday } from './post-schedule.js';

/** A Vietnam wall-clock time as an instant (UTC+7). */
const vn = (local: string) => new Date(`${local}+07:00`);
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const schedule = (first: string, repeat: PostSchedule['repeat'], stop: Partial<Pick<PostSchedule, 'iterations' | 'endDate'>> = {}): PostSchedule => ({
  first: vn(first),
  repeat,
  iterations: stop.iterations ?? null,
  endDate: stop.endDate ?? null,
});

describe('post schedules (Vietnam time, whatever the machine zone)', () => {
  it('a single post is posted once', () => {
    expect(iso(occurrences(schedule('2026-03-01T09:00:00', { kind: 'none' }, { iterations: 5 })))).toEqual([vn('2026-03-01T09:00:00').toISOString()]);
  });

  it('every day across a month end and a year end, at the same Vietnam time', () => {
    const dates = occurrences(schedule('2026-12-30T23:30:00', { kind: 'custom', every: 1, unit: 'days' }, { iterations: 4 }));
    expect(dates.map(vietnamDay)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    // 23:30 in Vietnam is 16:30 UTC: a UTC-based day would not change where Vietnam's does.
    expect(dates.every((date) => date.toISOString().endsWith('T16:30:00.000Z'))).toBe(true);
  });

  it('monthly on the 31st: the shorter months get their last day, then back to the 31st', () => {
    const dates = occurrences(schedule('2027-01-31T08:00:00', { kind: 'custom', every: 1, unit: 'months' }, { iterations: 4 }));
    expect(dates.map(vietnamDay)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(occurrences(schedule('2028-01-31T08:00:00', { kind: 'custom', every: 1, unit: 'months' }, { iterations: 2 })).map(vietnamDay)).toEqual(['2028-01-31', '2028-02-29']);
  });

  it('on chosen weekdays at the first post’s time, starting with its own day when chosen', () => {
    // 2026-11-23 is a Monday in Vietnam.
    expect(vietnamWeekday(vn('2026-11-23T07:00:00'))).toBe('mon');
    const dates = occurrences(schedule('2026-11-23T07:00:00', { kind: 'days', days: ['mon', 'fri'] }, { iterations: 5 }));
    expect(dates.map(vietnamDay)).toEqual(['2026-11-23', '2026-11-27', '2026-11-30', '2026-12-04', '2026-12-07']);
    // 00:30 Monday in Vietnam is still Sunday in UTC: the weekday is Vietnam's.
    const early = occurrences(schedule('2026-11-23T00:30:00', { kind: 'days', days: ['mon'] }, { iterations: 2 }));
    expect(early.map(vietnamDay)).toEqual(['2026-11-23', '2026-11-30']);
  });

  it('stops at the end date (a Vietnam day, included) or the number of posts, whichever comes first', () => {
    expect(occurrences(schedule('2026-02-26T20:00:00', { kind: 'custom', every: 1, unit: 'days' }, { endDate: '2026-03-02' })).map(vietnamDay)).toEqual([
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(occurrences(schedule('2026-02-26T20:00:00', { kind: 'custom', every: 12, unit: 'hours' }, { iterations: 3, endDate: '2026-12-31' }))).toHaveLength(3);
    expect(occurrenceAt(schedule('2026-02-26T20:00:00', { kind: 'custom', every: 1, unit: 'weeks' }, { iterations: 3 }), 3)?.toISOString()).toBe(vn('2026-03-12T20:00:00').toISOString());
    expect(occurrenceAt(schedule('2026-02-26T20:00:00', { kind: 'custom', every: 1, unit: 'weeks' }, { iterations: 3 }), 4)).toBeNull();
  });

  it('no one-month cap: a weekly post runs for a year; nothing runs past the horizon', () => {
    const weekly = occurrences(schedule('2026-01-05T09:00:00', { kind: 'custom', every: 1, unit: 'weeks' }, { endDate: '2026-12-31' }));
    expect(weekly).toHaveLength(52);
    const endless = occurrences(schedule('2026-01-05T09:00:00', { kind: 'custom', every: 1, unit: 'days' }, { endDate: '2099-01-01' }));
    expect(endless.length).toBeLessThanOrEqual(500);
  });
});
