import type { ScheduledPost } from '@pagemate/shared-contracts';
import type { TFunction } from 'i18next';

/**
 * Why a post was not published, in the user's language, followed by the details when there are some (Meta's own
 * words, the publishing limit's figures). Runs that failed before reasons were kept show their stored text.
 */
export function failureText(t: TFunction, post: Pick<ScheduledPost, 'error_code' | 'error'>): string {
  if (!post.error_code) return t('posts.failedBecause', { error: post.error ?? t('posts.unknownError') });
  const reason = t(`posts.failure.${post.error_code}`);
  return t('posts.failedBecause', { error: post.error ? t('posts.failureDetail', { reason, detail: post.error }) : reason });
}
