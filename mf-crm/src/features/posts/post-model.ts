import {
  type Channel,
  occurrences,
  POST_LIMITS,
  REPEAT_DAYS,
  vietnamDay,
  vietnamWallClock,
  formatVietnamClock,
  type EndpointBody,
  type PostImage,
  type PostRepeat,
  type PostRunStatus,
  type RepeatDay,
  type ScheduledPost,
} from '@pagemate/shared-contracts';

export const REPEAT_UNITS = ['hours', 'days', 'weeks', 'months'] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];
/** Image types Facebook takes for a photo post (the server refuses the others). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** The first post must be at least this far ahead (the server's rule too). */
export const MIN_LEAD_MS = 60_000;
/** How many posting times the form previews. */
export const PREVIEW_COUNT = 5;

// ---------------------------------------------------------------------------------------------- list

/** The list's tabs: scheduled (publishing too), published, failed, cancelled. */
export const POST_TABS = ['scheduled', 'published', 'failed', 'cancelled'] as const;
export type PostTab = (typeof POST_TABS)[number];

export function tabOf(status: PostRunStatus): PostTab {
  return status === 'publishing' ? 'scheduled' : status;
}

/**
 * The rows of one tab: what is still to come soonest first (publishing before scheduled at the same time),
 * what is done newest first.
 */
export function postsOfTab(posts: readonly ScheduledPost[], tab: PostTab): ScheduledPost[] {
  const rows = posts.filter((post) => tabOf(post.status) === tab);
  const sign = tab === 'scheduled' ? 1 : -1;
  return rows.sort((a, b) => sign * (Date.parse(a.time) - Date.parse(b.time)) || a.seq - b.seq);
}

export function tabCounts(posts: readonly ScheduledPost[]): Record<PostTab, number> {
  const counts: Record<PostTab, number> = { scheduled: 0, published: 0, failed: 0, cancelled: 0 };
  for (const post of posts) counts[tabOf(post.status)] += 1;
  return counts;
}

/** Posts that still have a time to come: only those can be changed or cancelled. */
export function editablePostIds(posts: readonly ScheduledPost[]): Set<string> {
  return new Set(posts.filter((post) => post.status === 'scheduled').map((post) => post.post_id));
}

/** The post's next scheduled run (the one the form starts from in update mode), else the row itself. */
export function nextRunOf(posts: readonly ScheduledPost[], row: ScheduledPost): ScheduledPost {
  const runs = posts.filter((post) => post.post_id === row.post_id && post.status === 'scheduled');
  runs.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  return runs[0] ?? row;
}

// ---------------------------------------------------------------------------------------------- time

/** Vietnam wall-clock fields of an instant (times are shown and typed in Vietnam time), its weekday by name. */
function vietnamFields(instant: Date) {
  const clock = vietnamWallClock(instant);
  return { ...clock, weekday: REPEAT_DAYS[clock.weekday] as RepeatDay };
}

/** `2026-01-05T09:00`: an instant as a Vietnam wall-clock time (what the form's date picker holds). */
export function toWallClock(instant: Date | string): string {
  const f = vietnamFields(typeof instant === 'string' ? new Date(instant) : instant);
  return `${f.year}-${f.month}-${f.day}T${f.hour}:${f.minute}`;
}

/** `2026-01-05T09:00` (Vietnam) → the instant; null when it is not such a time. */
export function fromWallClock(wall: string | null | undefined): Date | null {
  if (!wall || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(wall)) return null;
  const time = Date.parse(`${wall}:00+07:00`);
  return Number.isNaN(time) ? null : new Date(time);
}


/** `31/12/2026` from a Vietnam day `2026-12-31`. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** `T2, 05/01/2026 09:00` / `Mon, 05/01/2026 09:00`: a posting time in Vietnam, its weekday first. */
export function formatPostTime(t: Translate, instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  const f = vietnamFields(date);
  return `${t(`posts.weekdayShort.${f.weekday}`)}, ${f.day}/${f.month}/${f.year} ${f.hour}:${f.minute}`;
}

/** The first posting time a new post proposes: the whole hour at least 30 minutes from now. */
export function defaultFirstTime(now: number): string {
  const hour = 3600 * 1000;
  return toWallClock(new Date(Math.ceil((now + hour / 2) / hour) * hour));
}

// ---------------------------------------------------------------------------------------------- repeat

export interface RepeatFacts {
  repeat: PostRepeat;
  /** Any instant of the post (a weekday repeat posts at its time of day). */
  time: string;
  iterations: number | null;
  end_date: string | null;
}

/**
 * A post's repetition in words: "Đăng một lần", "Mỗi thứ Hai, thứ Sáu lúc 09:00 · 10 lần",
 * "Every 2 weeks · until 31/12/2026".
 */
export function describeRepeat(t: Translate, { repeat, time, iterations, end_date }: RepeatFacts): string {
  if (repeat.kind === 'none') return t('posts.repeatText.once');
  let head: string;
  if (repeat.kind === 'days') {
    const days = REPEAT_DAYS.filter((day) => repeat.days.includes(day));
    head =
      days.length === 7
        ? t('posts.repeatText.daily', { time: formatVietnamClock(time) })
        : t('posts.repeatText.weekdays', { days: days.map((day) => t(`posts.weekdayLong.${day}`)).join(', '), time: formatVietnamClock(time) });
  } else {
    head = repeat.every === 1 ? t(`posts.repeatText.everyOne.${repeat.unit}`) : t(`posts.repeatText.every.${repeat.unit}`, { count: repeat.every });
  }
  const parts = [head];
  if (iterations !== null) parts.push(t('posts.repeatText.times', { count: iterations }));
  if (end_date !== null) parts.push(t('posts.repeatText.until', { date: formatDay(end_date) }));
  return parts.join(' · ');
}

// ---------------------------------------------------------------------------------------------- form

export type RepeatKind = PostRepeat['kind'];
export type EndKind = 'iterations' | 'date';

/** What the post form holds: times as Vietnam wall-clock strings, so the model stays free of date libraries. */
export interface PostFormValues {
  idea: string;
  content: string;
  pageIds: string[];
  /** `2026-01-05T09:00`, Vietnam time. */
  time: string | null;
  repeatKind: RepeatKind;
  days: RepeatDay[];
  every: number | null;
  unit: RepeatUnit;
  endKind: EndKind;
  iterations: number | null;
  /** `2026-12-31`, a Vietnam day. */
  endDate: string | null;
  images: PostImage[];
  /** Each page's feed, its linked Instagram account (needs an image), or both. */
  channels: Channel[];
}

export function emptyFormValues(pageIds: string[], now: number): PostFormValues {
  return {
    idea: '',
    content: '',
    pageIds,
    time: defaultFirstTime(now),
    repeatKind: 'none',
    days: [],
    every: 1,
    unit: 'weeks',
    endKind: 'iterations',
    iterations: 10,
    endDate: null,
    images: [],
    channels: ['facebook'],
  };
}

/**
 * A post as the form shows it. Update mode (`withTime`): with its schedule's first time and stop rule — kept as
 * they are, the server continues the schedule from its next future post. Reuse: the same post as a new one.
 */
export function formValuesOf(post: ScheduledPost, options: { withTime: boolean; now: number }): PostFormValues {
  const repeat = post.repeat;
  return {
    idea: post.idea,
    content: post.content,
    pageIds: [...post.page_ids],
    time: options.withTime ? toWallClock(post.first_time) : defaultFirstTime(options.now),
    repeatKind: repeat.kind,
    days: repeat.kind === 'days' ? REPEAT_DAYS.filter((day) => repeat.days.includes(day)) : [],
    every: repeat.kind === 'custom' ? repeat.every : 1,
    unit: repeat.kind === 'custom' ? repeat.unit : 'weeks',
    endKind: post.iterations === null && post.end_date !== null ? 'date' : 'iterations',
    iterations: post.iterations ?? (post.end_date === null ? 10 : null),
    endDate: post.end_date,
    images: [...post.images],
    channels: [...post.channels],
  };
}

export function repeatOf(values: Pick<PostFormValues, 'repeatKind' | 'days' | 'every' | 'unit'>): PostRepeat {
  if (values.repeatKind === 'days') return { kind: 'days', days: REPEAT_DAYS.filter((day) => values.days.includes(day)) };
  if (values.repeatKind === 'custom') return { kind: 'custom', every: values.every ?? 1, unit: values.unit };
  return { kind: 'none' };
}

/** The schedule's stop rule: none for a single post; the chosen one (number of posts or last day) otherwise. */
function endOf(values: Pick<PostFormValues, 'repeatKind' | 'endKind' | 'iterations' | 'endDate'>) {
  if (values.repeatKind === 'none') return { iterations: null, end_date: null };
  return values.endKind === 'iterations' ? { iterations: values.iterations, end_date: null } : { iterations: null, end_date: values.endDate };
}

export type PostBody = EndpointBody<'createPost'>;

/** The create / update body of valid form values (validate first: a missing time throws). */
export function bodyOf(values: PostFormValues, userId: string): PostBody {
  const first = fromWallClock(values.time);
  if (!first) throw new Error('The post has no time');
  return {
    user_id: userId,
    idea: values.idea.trim(),
    content: values.content.trim(),
    page_ids: values.pageIds,
    time: first.toISOString(),
    repeat: repeatOf(values),
    ...endOf(values),
    media_ids: values.images.map((image) => image.media_id),
    channels: values.channels.length > 0 ? values.channels : ['facebook'],
  };
}

/** The form field that a server issue path (`page_ids.0`, `repeat.days`, `end_date`…) is about. */
export function fieldOfIssue(path: string, endKind: EndKind): keyof PostFormValues | null {
  const head = path.split('.')[0];
  const second = path.split('.')[1];
  switch (head) {
    case 'idea':
      return 'idea';
    case 'content':
      return 'content';
    case 'page_ids':
      return 'pageIds';
    case 'time':
      return 'time';
    case 'repeat':
      if (second === 'days') return 'days';
      if (second === 'every') return 'every';
      if (second === 'unit') return 'unit';
      return 'repeatKind';
    case 'iterations':
      // The contract reports "no end" on `iterations`; the customer may have chosen the end date.
      return endKind === 'date' ? 'endDate' : 'iterations';
    case 'end_date':
      return 'endDate';
    case 'media_ids':
      return 'images';
    case 'channels':
      return 'channels';
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------- checks

export type FormProblem =
  | 'contentRequired'
  | 'contentTooLong'
  | 'pagesRequired'
  | 'timeRequired'
  | 'timePast'
  | 'daysRequired'
  | 'everyRequired'
  | 'iterationsRequired'
  | 'endDateRequired'
  | 'endDateBeforeStart'
  | 'noOccurrence'
  | 'channelsRequired'
  | 'instagramNeedsImage'
  | 'instagramNotLinked';

/**
 * Why a field's value cannot be saved (the same rules as the contract, plus "in the future"), or null. `keptTime`:
 * an update's unchanged first time, in the past once the schedule started — keeping it is allowed.
 * `instagramPageIds`: the pages with a linked Instagram account, when known (an Instagram post needs one on each page).
 */
export function fieldProblem(
  field: keyof PostFormValues,
  values: PostFormValues,
  now: number,
  keptTime?: string | null,
  instagramPageIds?: ReadonlySet<string>,
): FormProblem | null {
  switch (field) {
    case 'content': {
      const content = values.content.trim();
      if (content === '') return 'contentRequired';
      return content.length > POST_LIMITS.contentMaxChars ? 'contentTooLong' : null;
    }
    case 'pageIds':
      return values.pageIds.length === 0 ? 'pagesRequired' : null;
    case 'channels':
      if (values.channels.length === 0) return 'channelsRequired';
      if (!values.channels.includes('instagram')) return null;
      if (instagramPageIds && values.pageIds.some((pageId) => !instagramPageIds.has(pageId))) return 'instagramNotLinked';
      return values.images.length === 0 ? 'instagramNeedsImage' : null;
    case 'time': {
      const first = fromWallClock(values.time);
      if (!first) return 'timeRequired';
      if (keptTime !== undefined && keptTime !== null && values.time === keptTime) return null;
      return first.getTime() < now + MIN_LEAD_MS ? 'timePast' : null;
    }
    case 'days':
      return values.repeatKind === 'days' && values.days.length === 0 ? 'daysRequired' : null;
    case 'every':
      return values.repeatKind === 'custom' && (values.every === null || values.every < 1 || values.every > POST_LIMITS.maxEvery) ? 'everyRequired' : null;
    case 'iterations':
      return values.repeatKind !== 'none' && values.endKind === 'iterations' && (values.iterations === null || values.iterations < 1 || values.iterations > POST_LIMITS.maxIterations)
        ? 'iterationsRequired'
        : null;
    case 'endDate': {
      if (values.repeatKind === 'none' || values.endKind !== 'date') return null;
      if (!values.endDate) return 'endDateRequired';
      const first = fromWallClock(values.time);
      if (first && values.endDate < vietnamDay(first)) return 'endDateBeforeStart';
      return previewOf(values, PREVIEW_COUNT, now)?.total === 0 ? 'noOccurrence' : null;
    }
    default:
      return null;
  }
}

/** The next posting times the form previews, and how many there will be in all (null: no valid time yet). */
export function previewOf(values: PostFormValues, limit = PREVIEW_COUNT, now = Date.now()): { next: Date[]; total: number } | null {
  const first = fromWallClock(values.time);
  if (!first) return null;
  if (values.repeatKind === 'days' && values.days.length === 0) return null;
  if (values.repeatKind === 'custom' && (values.every === null || values.every < 1)) return null;
  const { iterations, end_date } = endOf(values);
  const schedule = { first, repeat: repeatOf(values), iterations, endDate: end_date };
  // A schedule already under way (an update keeping its start) previews what is still to come.
  const all = occurrences(schedule).filter((at) => at.getTime() >= now);
  return { next: all.slice(0, limit), total: all.length };
}

// ---------------------------------------------------------------------------------------------- images

export type ImageRefusal = 'imageType' | 'imageTooLarge';

/** Why an image cannot be uploaded, before it is sent. */
export function imageRefusal(file: Pick<File, 'type' | 'size'>): ImageRefusal | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  return file.size > POST_LIMITS.imageMaxBytes ? 'imageTooLarge' : null;
}

/** `10 MB` */
export function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
