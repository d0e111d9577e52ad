import {
  formatVietnamClock,
  formatVietnamDateTime,
  formatVietnamDate,
  INBOX_REPLY_MAX_CHARS,
  vietnamWallClock,
  type Channel,
  type InboxItem,
  type InboxKind,
  type InboxThread,
  type ReplyReason,
} from '@pagemate/shared-contracts';
import { fold } from '../../shared/text';

/** Messenger lets a page answer within 24 hours of the customer's last message. */
export const MESSENGER_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The list with one thread replaced by a newer copy, newest first again (a reply moves it to the top). */
export function replaceThread(list: readonly InboxThread[], thread: InboxThread): InboxThread[] {
  const next = list.map((known) => (known.thread_id === thread.thread_id ? thread : known));
  return next.sort((a, b) => Date.parse(b.last_at) - Date.parse(a.last_at));
}

export type ThreadFilter = 'all' | 'attention' | 'unread';

/** Threads of one filter whose customer name or last text contains the search (case and accents ignored). */
/** Which channel's threads a list shows: both, the page's own (Facebook) or its linked Instagram account's. */
export type ChannelFilter = 'all' | Channel;

export function filterThreads(threads: readonly InboxThread[], filter: ThreadFilter, search: string, channel: ChannelFilter = 'all'): InboxThread[] {
  const needle = fold(search.trim());
  return threads.filter((thread) => {
    if (channel !== 'all' && thread.channel !== channel) return false;
    if (filter === 'attention' && thread.state !== 'attention') return false;
    if (filter === 'unread' && thread.unread === 0) return false;
    return needle === '' || fold(thread.customer_name).includes(needle) || fold(thread.last_text).includes(needle);
  });
}

export function threadCounts(threads: readonly InboxThread[]): Record<ThreadFilter, number> {
  return {
    all: threads.length,
    attention: threads.filter((t) => t.state === 'attention').length,
    unread: threads.filter((t) => t.unread > 0).length,
  };
}

/** Whether the bot answers the thread now, and if not, until when. */
export type BotStatus = { kind: 'active' } | { kind: 'handoff'; until: string | null } | { kind: 'manual' };

export function botStatus(thread: Pick<InboxThread, 'bot_paused' | 'bot_pause_reason' | 'bot_paused_until'>): BotStatus {
  if (!thread.bot_paused) return { kind: 'active' };
  if (thread.bot_pause_reason === 'handoff') return { kind: 'handoff', until: thread.bot_paused_until };
  return { kind: 'manual' };
}

/** What the bot did about a customer item, when there is something to say. */
export type ItemOutcome = { kind: 'pending' } | { kind: 'not_answered'; reason: ReplyReason | null; failed: boolean } | null;

export function itemOutcome(item: InboxItem): ItemOutcome {
  if (item.author !== 'customer') return null;
  if (item.reply_status === 'pending') return { kind: 'pending' };
  if (item.reply_status === 'skipped' || item.reply_status === 'failed') {
    return { kind: 'not_answered', reason: item.reason, failed: item.reply_status === 'failed' };
  }
  return null;
}

/** Messenger only: the customer's last message is over 24 hours old, so Facebook refuses an answer. */
export function messengerWindowClosed(kind: InboxKind, items: readonly InboxItem[], now: number): boolean {
  if (kind !== 'message') return false;
  const lastCustomer = [...items].reverse().find((item) => item.author === 'customer');
  return lastCustomer !== undefined && now - Date.parse(lastCustomer.created_at) > MESSENGER_WINDOW_MS;
}

/** Why a reply cannot be sent as typed: nothing but spaces, or longer than Messenger takes. */
export function replyProblem(text: string): 'empty' | 'too_long' | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return 'empty';
  if (trimmed.length > INBOX_REPLY_MAX_CHARS) return 'too_long';
  return null;
}

const locale = (language: string) => (language === 'en' ? 'en-GB' : 'vi-VN');

function dayKey(time: number): string {
  const { year, month, day } = vietnamWallClock(time);
  return `${year}-${month}-${day}`;
}

function formatDayMonth(time: number): string {
  const { day, month } = vietnamWallClock(time);
  return `${day}/${month}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * A time as the list shows it: `justNow` within a minute, "5 phút trước" / "5 minutes ago" within the hour,
 * the clock today, "Hôm qua" / "Yesterday", the day and month this year, the full date before.
 */
export function formatListTime(iso: string, language: string, now: number, justNow: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((now - time) / 1000);
  const relative = new Intl.RelativeTimeFormat(locale(language), { numeric: 'auto' });
  if (seconds < 60) return justNow;
  if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute');
  if (dayKey(time) === dayKey(now)) return formatVietnamClock(iso);
  if (dayKey(time) === dayKey(now - 86_400_000)) return capitalised(relative.format(-1, 'day'));
  if (dayKey(time).slice(0, 4) === dayKey(now).slice(0, 4)) return formatDayMonth(time);
  return formatVietnamDate(time);
}

/** An item's time in its bubble: the clock today, the date and clock before. */
export function formatItemTime(iso: string, now: number): string {
  return dayKey(Date.parse(iso)) === dayKey(now) ? formatVietnamClock(iso) : formatVietnamDateTime(iso);
}

/** The end of a handoff pause: `14:30` today, `09:30 05/03` another day. */
export function formatUntil(iso: string, now: number): string {
  const time = Date.parse(iso);
  return dayKey(time) === dayKey(now) ? formatVietnamClock(iso) : `${formatVietnamClock(iso)} ${formatDayMonth(time)}`;
}
