import type { PaymentStatus } from '@pagemate/shared-contracts';

/** How often a pending payment's status is asked for while the payment screen waits for a verdict. */
export const PAYMENT_POLL_INTERVAL_MS = 2_000;

/** Statuses after which nothing changes any more: polling stops, the screen shows the outcome. */
export function isFinalPaymentStatus(status: PaymentStatus): boolean {
  return status !== 'pending';
}
