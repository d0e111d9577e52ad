/** The longest phone number the contract takes (a client's, a staff member's). */
export const PHONE_MAX = 32;
const PHONE_CHARS = /^[\d\s+().-]*$/;

export type PhoneProblem = 'chars' | 'too_long' | null;

/** Why a phone number is refused as typed: a character other than digits, spaces, + ( ) . -, or too long. */
export function phoneProblem(phone: string): PhoneProblem {
  const trimmed = phone.trim();
  if (!PHONE_CHARS.test(trimmed)) return 'chars';
  if (trimmed.length > PHONE_MAX) return 'too_long';
  return null;
}

/** A `tel:` address: the digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
