import { formatVietnamDateTime, INBOX_REPLY_MAX_CHARS, REPLY_REASONS } from '@pagemate/shared-contracts';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import vi from '../../locales/vi.json';
import { aThread, anItem } from '../../test/fake-crm-api';
import { botStatus, filterThreads, formatItemTime, formatListTime, formatUntil, itemOutcome, messengerWindowClosed, replaceThread, replyProblem, threadCounts } from './inbox-model';

// 12:00 in Vietnam (UTC+7), whatever the machine's zone.
const NOW = Date.parse('2025-03-04T05:00:00Z');

describe('inbox model', () => {
  it('replaces a thread and keeps the list newest first', () => {
    const a = aThread({ thread_id: 'a', last_at: '2025-03-04T04:00:00Z' });
    const b = aThread({ thread_id: 'b', last_at: '2025-03-04T03:00:00Z' });
    const answered = { ...b, last_at: '2025-03-04T04:30:00Z', state: 'human' as const };
    expect(replaceThread([a, b], answered).map((t) => t.thread_id)).toEqual(['b', 'a']);
    expect(replaceThread([a], answered)).toEqual([a]);
  });

  it('filters by state, unread and a search that ignores case and Vietnamese marks', () => {
    const threads = [
      aThread({ thread_id: 'a', customer_name: 'Trần Thị Hoà', state: 'attention', unread: 1 }),
      aThread({ thread_id: 'b', customer_name: 'Đặng Dương', state: 'bot', last_text: 'Giá bao nhiêu?' }),
    ];
    expect(filterThreads(threads, 'attention', '').map((t) => t.thread_id)).toEqual(['a']);
    expect(filterThreads(threads, 'unread', '').map((t) => t.thread_id)).toEqual(['a']);
    expect(filterThreads(threads, 'all', 'hoa').map((t) => t.thread_id)).toEqual(['a']);
    expect(filterThreads(threads, 'all', ' dang duong ').map((t) => t.thread_id)).toEqual(['b']);
    expect(filterThreads(threads, 'all', 'GIA BAO').map((t) => t.thread_id)).toEqual(['b']);
    expect(filterThreads(threads, 'attention', 'duong')).toEqual([]);
    expect(threadCounts(threads)).toEqual({ all: 2, attention: 1, unread: 1 });
  });

  it('says whether the bot answers a thread, and until when it is paused', () => {
    expect(botStatus(aThread())).toEqual({ kind: 'active' });
    expect(botStatus(aThread({ bot_paused: true, bot_pause_reason: 'manual' }))).toEqual({ kind: 'manual' });
    expect(botStatus(aThread({ bot_paused: true, bot_pause_reason: 'handoff', bot_paused_until: '2025-03-04T05:30:00Z' }))).toEqual({
      kind: 'handoff',
      until: '2025-03-04T05:30:00Z',
    });
  });

  it("tells a customer item's outcome: pending, not answered (with why), failed; nothing for answers", () => {
    expect(itemOutcome(anItem({ reply_status: 'replied' }))).toBeNull();
    expect(itemOutcome(anItem({ reply_status: 'pending' }))).toEqual({ kind: 'pending' });
    expect(itemOutcome(anItem({ reply_status: 'skipped', reason: 'no_funds' }))).toEqual({ kind: 'not_answered', reason: 'no_funds', failed: false });
    expect(itemOutcome(anItem({ reply_status: 'failed', reason: 'send_failed' }))).toEqual({ kind: 'not_answered', reason: 'send_failed', failed: true });
    expect(itemOutcome(anItem({ author: 'bot', reply_status: null, delivery: 'sent' }))).toBeNull();
  });

  it('words every reply reason in both languages', () => {
    for (const reason of REPLY_REASONS) {
      expect(vi.inbox.reasons[reason]).toBeTruthy();
      expect(en.inbox.reasons[reason]).toBeTruthy();
    }
    expect(Object.keys(vi.inbox.reasons).sort()).toEqual([...REPLY_REASONS].sort());
  });

  it("knows when Messenger's 24-hour window has closed (messages only, from the customer's last item)", () => {
    const old = anItem({ created_at: '2025-03-03T04:00:00Z' });
    const recentAnswer = anItem({ item_id: 'b', author: 'human', created_at: '2025-03-04T04:00:00Z' });
    expect(messengerWindowClosed('message', [old, recentAnswer], NOW)).toBe(true);
    expect(messengerWindowClosed('comment', [old], NOW)).toBe(false);
    expect(messengerWindowClosed('message', [anItem({ created_at: '2025-03-03T06:00:00Z' })], NOW)).toBe(false);
    expect(messengerWindowClosed('message', [], NOW)).toBe(false);
  });

  it('refuses an empty or over-long reply', () => {
    expect(replyProblem('   ')).toBe('empty');
    expect(replyProblem('x'.repeat(INBOX_REPLY_MAX_CHARS + 1))).toBe('too_long');
    expect(replyProblem(` ${'x'.repeat(INBOX_REPLY_MAX_CHARS)} `)).toBeNull();
  });

  it('formats list times in Vietnam time: just now, minutes ago, the clock today, yesterday, day/month, full date', () => {
    const cases = ['2025-03-04T04:59:30Z', '2025-03-04T04:55:00Z', '2025-03-04T01:05:00Z', '2025-03-03T10:00:00Z', '2025-02-10T10:00:00Z', '2024-12-10T10:00:00Z'];
    expect(cases.map((iso) => formatListTime(iso, 'vi', NOW, 'Vừa xong'))).toEqual(['Vừa xong', '5 phút trước', '08:05', 'Hôm qua', '10/02', '10/12/2024']);
    expect(cases.map((iso) => formatListTime(iso, 'en', NOW, 'Just now'))).toEqual(['Just now', '5 minutes ago', '08:05', 'Yesterday', '10/02', '10/12/2024']);
    // 23:30 UTC on the 3rd is already the 4th in Vietnam: today.
    expect(formatListTime('2025-03-03T23:30:00Z', 'vi', NOW, '')).toBe('06:30');
    expect(formatListTime('not a date', 'vi', NOW, '')).toBe('');
  });

  it('formats bubble times and the end of a handoff pause', () => {
    expect(formatItemTime('2025-03-04T02:05:00Z', NOW)).toBe('09:05');
    expect(formatItemTime('2025-03-02T02:05:00Z', NOW)).toBe('02/03/2025 09:05');
    expect(formatVietnamDateTime('2025-03-04T02:05:00Z')).toBe('04/03/2025 09:05');
    expect(formatUntil('2025-03-04T07:30:00Z', NOW)).toBe('14:30');
    expect(formatUntil('2025-03-05T02:30:00Z', NOW)).toBe('09:30 05/03');
  });
});
