import type { PageAction } from '@pagemate/shared-contracts';

export interface SubscriptionAction {
  type: PageAction;
  action: 'subscribe' | 'unsubscribe';
  /** Key under `subscription.labels`: the labels of docs/product.md §4, 'Subscribe Message' / 'Unsubscribe Comment' … */
  labelKey: 'subscribeMessage' | 'unsubscribeMessage' | 'subscribeComment' | 'unsubscribeComment';
}

/**
 * docs/product.md §4: 'Subscribe Message'/'Unsubscribe Message' act on type `messages`, 'Subscribe Comment'/'Unsubscribe
 * Comment' on type `comments`; the button offers the opposite of what the page has now.
 */
export function subscriptionAction(type: PageAction, subscribed: readonly PageAction[]): SubscriptionAction {
  const isOn = subscribed.includes(type);
  const noun = type === 'messages' ? 'Message' : 'Comment';
  return { type, action: isOn ? 'unsubscribe' : 'subscribe', labelKey: `${isOn ? 'unsubscribe' : 'subscribe'}${noun}` };
}
