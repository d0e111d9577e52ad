import { POST_LIMITS, type ScheduledPost } from '@pagemate/shared-contracts';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { aPost } from '../../test/fake-crm-api';
import { crmTranslators } from '../../test/page-helpers';
import {
  bodyOf,
  defaultFirstTime,
  describeRepeat,
  editablePostIds,
  emptyFormValues,
  fieldOfIssue,
  fieldProblem,
  formatPostTime,
  formValuesOf,
  fromWallClock,
  imageRefusal,
  nextRunOf,
  postsOfTab,
  previewOf,
  tabCounts,
  toWallClock,
  type PostFormValues,
} from './post-model';

let tVi: TFunction;
let tEn: TFunction;
beforeAll(async () => {
  ({ tVi, tEn } = await crmTranslators());
});

// Monday 5 January 2026, 08:30 in Vietnam.
const NOW = Date.parse('2026-01-05T08:30:00+07:00');

describe('Vietnam wall clock', () => {
  it('turns instants into Vietnam wall-clock times and back, whatever the browser zone', () => {
    expect(toWallClock('2026-01-05T02:00:00.000Z')).toBe('2026-01-05T09:00');
    expect(toWallClock('2025-12-31T20:30:00.000Z')).toBe('2026-01-01T03:30');
    expect(fromWallClock('2026-01-05T09:00')?.toISOString()).toBe('2026-01-05T02:00:00.000Z');
    expect(fromWallClock('05/01/2026')).toBeNull();
    expect(fromWallClock(null)).toBeNull();
  });

  it('proposes the whole hour at least 30 minutes ahead', () => {
    expect(defaultFirstTime(NOW)).toBe('2026-01-05T09:00');
    expect(defaultFirstTime(Date.parse('2026-01-05T08:31:00+07:00'))).toBe('2026-01-05T10:00');
  });

  it('writes a posting time with its weekday in both languages', () => {
    expect(formatPostTime(tVi, '2026-01-05T02:00:00.000Z')).toBe('T2, 05/01/2026 09:00');
    expect(formatPostTime(tEn, '2026-01-11T02:00:00.000Z')).toBe('Sun, 11/01/2026 09:00');
  });
});

describe('repeat in words', () => {
  const at9 = '2026-01-05T02:00:00.000Z';
  it('says how a post repeats and when it stops', () => {
    expect(describeRepeat(tVi, { repeat: { kind: 'none' }, time: at9, iterations: null, end_date: null })).toBe('Đăng một lần');
    expect(describeRepeat(tVi, { repeat: { kind: 'days', days: ['fri', 'mon'] }, time: at9, iterations: 10, end_date: null })).toBe('Mỗi thứ Hai, thứ Sáu lúc 09:00 · 10 lần');
    expect(describeRepeat(tEn, { repeat: { kind: 'custom', every: 2, unit: 'weeks' }, time: at9, iterations: null, end_date: '2026-12-31' })).toBe('Every 2 weeks · until 31/12/2026');
    expect(describeRepeat(tEn, { repeat: { kind: 'custom', every: 1, unit: 'months' }, time: at9, iterations: 12, end_date: null })).toBe('Every month · 12 times');
    expect(describeRepeat(tVi, { repeat: { kind: 'custom', every: 6, unit: 'hours' }, time: at9, iterations: 4, end_date: null })).toBe('Mỗi 6 giờ · 4 lần');
    expect(describeRepeat(tEn, { repeat: { kind: 'days', days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] }, time: at9, iterations: 30, end_date: null })).toBe('Every day at 09:00 · 30 times');
  });
});

describe('list', () => {
  const rows = [
    aPost({ run_id: 'a', status: 'published', time: '2026-01-01T02:00:00Z' }),
    aPost({ run_id: 'b', status: 'scheduled', time: '2026-01-09T02:00:00Z' }),
    aPost({ run_id: 'c', status: 'publishing', time: '2026-01-05T02:00:00Z' }),
    aPost({ run_id: 'd', status: 'published', time: '2026-01-03T02:00:00Z' }),
    aPost({ run_id: 'e', post_id: 'post-2', status: 'failed', time: '2026-01-02T02:00:00Z' }),
  ];
  it('groups the runs by tab: what comes soonest first, what is done newest first', () => {
    expect(tabCounts(rows)).toEqual({ scheduled: 2, published: 2, failed: 1, cancelled: 0 });
    expect(postsOfTab(rows, 'scheduled').map((r) => r.run_id)).toEqual(['c', 'b']);
    expect(postsOfTab(rows, 'published').map((r) => r.run_id)).toEqual(['d', 'a']);
    expect([...editablePostIds(rows)]).toEqual(['post-1']);
    expect(nextRunOf(rows, rows[0] as ScheduledPost).run_id).toBe('b');
    expect(nextRunOf(rows, rows[4] as ScheduledPost).run_id).toBe('e');
  });

  it('an update keeps the schedule: its first time (past once started) and stop rule, previewing what is to come', () => {
    const weekly = aPost({ post_id: 'w', iterations: 10, repeat: { kind: 'days', days: ['mon'] }, first_time: '2025-12-29T02:00:00.000Z', time: '2026-01-12T02:00:00.000Z', seq: 3 });
    const update = formValuesOf(weekly, { withTime: true, now: NOW });
    expect(update).toMatchObject({ time: '2025-12-29T09:00', iterations: 10 });
    // The unchanged start may be in the past; a changed one must be ahead.
    expect(fieldProblem('time', update, NOW, update.time)).toBeNull();
    expect(fieldProblem('time', { ...update, time: '2025-12-30T09:00' }, NOW, update.time)).toBe('timePast');
    const preview = previewOf(update, 5, NOW);
    expect(preview?.next.every((at) => at.getTime() >= NOW)).toBe(true);
  });
});

describe('form values ↔ body', () => {
  const values = (overrides: Partial<PostFormValues> = {}): PostFormValues => ({ ...emptyFormValues(['p1'], NOW), content: ' Xin chào ', ...overrides });

  it('writes a single post: time as ISO, no end', () => {
    expect(bodyOf(values({ iterations: 10 }), 'u-7')).toEqual({
      user_id: 'u-7',
      idea: '',
      content: 'Xin chào',
      page_ids: ['p1'],
      time: '2026-01-05T02:00:00.000Z',
      repeat: { kind: 'none' },
      iterations: null,
      end_date: null,
      media_ids: [],
      channels: ['facebook'],
    });
  });

  it('writes weekday and custom repeats with the chosen end only', () => {
    const days = bodyOf(values({ repeatKind: 'days', days: ['fri', 'mon'], endKind: 'iterations', iterations: 10, endDate: '2026-03-01' }), 'u-7');
    expect(days).toMatchObject({ repeat: { kind: 'days', days: ['mon', 'fri'] }, iterations: 10, end_date: null });
    const custom = bodyOf(
      values({ repeatKind: 'custom', every: 2, unit: 'weeks', endKind: 'date', iterations: 10, endDate: '2026-12-31', images: [{ media_id: 'm1', url: 'u', file_name: 'a.png', size_bytes: 1 }] }),
      'u-7',
    );
    expect(custom).toMatchObject({ repeat: { kind: 'custom', every: 2, unit: 'weeks' }, iterations: null, end_date: '2026-12-31', media_ids: ['m1'] });
  });

  it('reads a post back into the form (update from its next time; reuse with a new time)', () => {
    const post = aPost({
      time: '2026-01-09T02:00:00.000Z',
      repeat: { kind: 'days', days: ['mon', 'fri'] },
      iterations: null,
      end_date: '2026-02-28',
      page_ids: ['p1', 'p2'],
      idea: 'giảm giá',
    });
    const update = formValuesOf(post, { withTime: true, now: NOW });
    expect(update).toMatchObject({ time: '2026-01-09T09:00', repeatKind: 'days', days: ['mon', 'fri'], endKind: 'date', endDate: '2026-02-28', pageIds: ['p1', 'p2'], idea: 'giảm giá' });
    expect(bodyOf(update, 'u-7')).toMatchObject({ time: post.first_time, repeat: post.repeat, iterations: null, end_date: '2026-02-28' });
    expect(formValuesOf(post, { withTime: false, now: NOW }).time).toBe('2026-01-05T09:00');
  });

  it('maps server issue paths to form fields', () => {
    expect(fieldOfIssue('page_ids.0', 'iterations')).toBe('pageIds');
    expect(fieldOfIssue('repeat.days', 'iterations')).toBe('days');
    expect(fieldOfIssue('iterations', 'iterations')).toBe('iterations');
    expect(fieldOfIssue('iterations', 'date')).toBe('endDate');
    expect(fieldOfIssue('time', 'date')).toBe('time');
    expect(fieldOfIssue('user_id', 'date')).toBeNull();
  });
});

describe('checks', () => {
  const values = (overrides: Partial<PostFormValues> = {}): PostFormValues => ({ ...emptyFormValues(['p1'], NOW), content: 'x', ...overrides });

  it('an Instagram post needs an image, and a post needs a channel', () => {
    const NOW_TIME = Date.parse('2026-05-01T00:00:00Z');
    const base = { ...emptyFormValues(['p1'], NOW_TIME), content: 'x' };
    expect(fieldProblem('channels', { ...base, channels: ['instagram'] }, NOW_TIME)).toBe('instagramNeedsImage');
    expect(fieldProblem('channels', { ...base, channels: [] }, NOW_TIME)).toBe('channelsRequired');
    expect(fieldProblem('channels', { ...base, channels: ['facebook'] }, NOW_TIME)).toBeNull();
    expect(fieldProblem('channels', { ...base, channels: ['instagram'], images: [{ media_id: 'm1', url: 'u', file_name: 'a.png', size_bytes: 1 }] }, NOW_TIME)).toBeNull();
  });

  it('an Instagram post needs a linked Instagram account on every chosen page', () => {
    const NOW_TIME = Date.parse('2026-05-01T00:00:00Z');
    const image = { media_id: 'm1', url: 'u', file_name: 'a.png', size_bytes: 1 };
    const base = { ...emptyFormValues(['p1', 'p2'], NOW_TIME), content: 'x', images: [image] };
    expect(fieldProblem('channels', { ...base, channels: ['instagram'] }, NOW_TIME, null, new Set(['p1']))).toBe('instagramNotLinked');
    expect(fieldProblem('channels', { ...base, channels: ['facebook', 'instagram'] }, NOW_TIME, null, new Set(['p1', 'p2']))).toBeNull();
    expect(fieldProblem('channels', { ...base, channels: ['facebook'] }, NOW_TIME, null, new Set())).toBeNull();
  });

  it('refuses an empty or too long content, no page, a past time, a repeat without days or end', () => {
    expect(fieldProblem('content', values({ content: '   ' }), NOW)).toBe('contentRequired');
    expect(fieldProblem('content', values({ content: 'x'.repeat(POST_LIMITS.contentMaxChars + 1) }), NOW)).toBe('contentTooLong');
    expect(fieldProblem('pageIds', values({ pageIds: [] }), NOW)).toBe('pagesRequired');
    expect(fieldProblem('time', values({ time: '2026-01-05T08:00' }), NOW)).toBe('timePast');
    expect(fieldProblem('time', values({ time: '2026-01-05T08:31' }), NOW + 30_000)).toBe('timePast');
    expect(fieldProblem('time', values({ time: null }), NOW)).toBe('timeRequired');
    expect(fieldProblem('time', values(), NOW)).toBeNull();
    expect(fieldProblem('days', values({ repeatKind: 'days', days: [] }), NOW)).toBe('daysRequired');
    expect(fieldProblem('iterations', values({ repeatKind: 'days', iterations: null }), NOW)).toBe('iterationsRequired');
    expect(fieldProblem('iterations', values({ repeatKind: 'none', iterations: null }), NOW)).toBeNull();
    expect(fieldProblem('endDate', values({ repeatKind: 'custom', endKind: 'date', endDate: null }), NOW)).toBe('endDateRequired');
    expect(fieldProblem('endDate', values({ repeatKind: 'custom', endKind: 'date', endDate: '2026-01-04' }), NOW)).toBe('endDateBeforeStart');
    expect(fieldProblem('every', values({ repeatKind: 'custom', every: null }), NOW)).toBe('everyRequired');
    // Only Sundays, ending the Saturday after the first post: nothing to post.
    expect(fieldProblem('endDate', values({ repeatKind: 'days', days: ['sun'], endKind: 'date', endDate: '2026-01-10' }), NOW)).toBe('noOccurrence');
    expect(fieldProblem('endDate', values({ repeatKind: 'days', days: ['sun'], endKind: 'date', endDate: '2026-01-11' }), NOW)).toBeNull();
  });

  it('previews the next times and the total', () => {
    const preview = previewOf(values({ repeatKind: 'days', days: ['mon', 'fri'], endKind: 'iterations', iterations: 10 }), 5, NOW);
    expect(preview?.total).toBe(10);
    expect(preview?.next.map((d) => toWallClock(d))).toEqual(['2026-01-05T09:00', '2026-01-09T09:00', '2026-01-12T09:00', '2026-01-16T09:00', '2026-01-19T09:00']);
    expect(previewOf(values({ repeatKind: 'days', days: [] }))).toBeNull();
    expect(previewOf(values(), 5, NOW)?.total).toBe(1);
  });

  it('refuses images of another type or over the size limit', () => {
    expect(imageRefusal({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageRefusal({ type: 'image/svg+xml', size: 1000 })).toBe('imageType');
    expect(imageRefusal({ type: 'image/jpeg', size: POST_LIMITS.imageMaxBytes + 1 })).toBe('imageTooLarge');
  });
});
