/** What tabs of the same browser tell each other about the session, and on which channel. */
export type TabMessage = { type: 'token'; accessToken: string } | { type: 'logout' };
export const TAB_CHANNEL = 'pagemate-session';

/** Tells the other open tabs of this browser (if it has BroadcastChannel) something about the session. */
export function postToOtherTabs(message: TabMessage, channel: BroadcastChannel | null = openTabChannel()): void {
  channel?.postMessage(message);
}

export function openTabChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(TAB_CHANNEL);
}

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : null;
}
