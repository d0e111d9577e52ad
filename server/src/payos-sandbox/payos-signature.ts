import { createHmac } from 'node:crypto';

/*
 * PayOS's signing, as the built-in PayOS sandbox signs its answers and webhooks (PayOS's wire format). The
 * production client verifies what PayOS sends through the official SDK; payos-signature.test.ts holds this
 * signing equal to the SDK's.
 */

/** The five fields PayOS signs in a create-payment request. */
export interface PaymentRequestSignedFields {
  amount: number;
  cancelUrl: string;
  description: string;
  orderCode: number;
  returnUrl: string;
}

const hmacHex = (checksumKey: string, message: string) => createHmac('sha256', checksumKey).update(message).digest('hex');

/**
 * hex HMAC-SHA256(checksum key, `amount=…&cancelUrl=…&description=…&orderCode=…&returnUrl=…`): the keys in
 * alphabetical order, the values raw (PayOS does not URL-encode them, so a URL with `&` in it is signed as is).
 */
export function paymentRequestSignature(fields: PaymentRequestSignedFields, checksumKey: string): string {
  const { amount, cancelUrl, description, orderCode, returnUrl } = fields;
  return hmacHex(checksumKey, `amount=${amount}&cancelUrl=${cancelUrl}&description=${description}&orderCode=${orderCode}&returnUrl=${returnUrl}`);
}

/** Keys of an object in JavaScript's default sort order (UTF-16 code units), as PayOS's own SDK sorts them. */
function sortedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).sort();
}

function sortedShallow(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(sortedKeys(record).map((key) => [key, record[key]]));
}

/**
 * One `k=v` value as PayOS writes it: null/undefined (and the strings "null"/"undefined") → empty; an array →
 * JSON of its items with each item's keys sorted (one level, like the SDK); anything else → `String(value)`
 * (so a nested object would be "[object Object]" — PayOS's signed data never carries one, and we must not
 * "fix" it or our signatures would stop matching theirs).
 */
function signedValue(value: unknown): string {
  if (Array.isArray(value)) return JSON.stringify(value.map(sortedShallow));
  if (value === null || value === undefined || value === 'null' || value === 'undefined') return '';
  return String(value);
}

/**
 * The string PayOS signs for a data object (webhook `data`, API response `data`): top-level keys sorted, keys
 * whose value is `undefined` left out, `k=v` joined with `&`.
 */
export function dataSigningString(data: Record<string, unknown>): string {
  return sortedKeys(data)
    .filter((key) => data[key] !== undefined)
    .map((key) => `${key}=${signedValue(data[key])}`)
    .join('&');
}

/** hex HMAC-SHA256 of `dataSigningString(data)`: the `signature` of a webhook or of an API response. */
export function dataSignature(data: Record<string, unknown>, checksumKey: string): string {
  return hmacHex(checksumKey, dataSigningString(data));
}
