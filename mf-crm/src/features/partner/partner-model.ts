import { apiErrorCode, emailSchema, PARTNER_STAFF_ROLES, type PartnerClient, type PartnerOrder, type PartnerStaff, type PartnerStaffRole } from '@pagemate/shared-contracts';
import type { TFunction } from 'i18next';
import { PHONE_MAX } from '../../shared/phone';
import { fold } from '../../shared/text';
import type { SaveStaffBody } from './partner-api';

/** Orders whose product, client or shop contains the search (case and Vietnamese marks ignored). */
export function filterPartnerOrders(orders: readonly PartnerOrder[], search: string): PartnerOrder[] {
  const needle = fold(search.trim());
  if (needle === '') return [...orders];
  return orders.filter((order) => [order.productName, order.client_name, order.shop_name].some((text) => fold(text).includes(needle)));
}

/** Clients whose name, shop or phone contains the search (marks ignored; spaces and punctuation in phones too). */
export function filterPartnerClients(clients: readonly PartnerClient[], search: string): PartnerClient[] {
  const needle = fold(search.trim());
  if (needle === '') return [...clients];
  const digits = needle.replace(/[\s().+-]/g, '');
  const phoneDigits = /^\d+$/.test(digits);
  return clients.filter(
    (client) =>
      fold(client.name).includes(needle) ||
      fold(client.shop_name).includes(needle) ||
      (phoneDigits && client.phone.replace(/[^\d]/g, '').includes(digits)),
  );
}

/** How many orders, and the value of those not cancelled (a cancelled order earned nothing). */
export function orderSummary(orders: readonly PartnerOrder[]): { count: number; value: number } {
  return {
    count: orders.length,
    value: orders.reduce((sum, order) => (order.status === 'cancelled' ? sum : sum + order.totalPrice), 0),
  };
}

/** The first 8 characters of an order id: enough to tell orders apart when talking to a shop. */
export function shortOrderId(orderId: string): string {
  return orderId.length > 8 ? orderId.slice(0, 8) : orderId;
}

/** The contract's limits of a staff record (`savePartnerStaff`). */
export const STAFF_LIMITS = { nameMax: 200, emailMax: 254, phoneMax: PHONE_MAX, noteMax: 2_000 } as const;

/** The staff form as the modal holds it. */
export interface StaffFormValues {
  name: string;
  email: string;
  phone: string;
  role: PartnerStaffRole;
  active: boolean;
  note: string;
}

export const STAFF_FIELDS = ['name', 'email', 'phone', 'role', 'active', 'note'] as const satisfies readonly (keyof StaffFormValues)[];

export function emptyStaffForm(): StaffFormValues {
  return { name: '', email: '', phone: '', role: 'account_manager', active: true, note: '' };
}

export function staffFormOf(staff: PartnerStaff): StaffFormValues {
  return { name: staff.name, email: staff.email, phone: staff.phone, role: staff.role, active: staff.active, note: staff.note };
}

/** The `savePartnerStaff` body: every field (the server resets those left out), with the id when editing. */
export function staffBodyOf(values: StaffFormValues, id?: string): SaveStaffBody {
  return {
    ...(id === undefined ? {} : { id }),
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    role: values.role,
    active: values.active,
    note: values.note.trim(),
  };
}

/** Whether an email as typed is one the server accepts: empty, or what the contract's email schema takes. */
export function emailAccepted(email: string): boolean {
  const trimmed = email.trim();
  return trimmed === '' || emailSchema.safeParse(trimmed).success;
}

/** The form field a server issue is about (`email`, `body.email`, `/email`…), or null when it is about none. */
export function staffFieldOfIssue(path: string): keyof StaffFormValues | null {
  const last = path.split(/[./]/).filter(Boolean).at(-1);
  return (STAFF_FIELDS as readonly string[]).includes(last ?? '') ? (last as keyof StaffFormValues) : null;
}

export function isStaffRole(role: string): role is PartnerStaffRole {
  return (PARTNER_STAFF_ROLES as readonly string[]).includes(role);
}

/** Who may be picked as a shop's manager: the active team, and whoever manages it now even if inactive. */
export function managerChoices(staff: readonly PartnerStaff[], currentId: string | null): PartnerStaff[] {
  return staff.filter((member) => member.active || member.id === currentId);
}

/**
 * A failed partner call as one translated sentence: `crm:partner.apiErrors` first (the inbox's own wording of
 * some codes speaks of conversations), then the shell's `common:apiErrors`, else generically.
 */
export function partnerErrorText(t: TFunction, error: unknown): string {
  const code = apiErrorCode(error);
  return t([`crm:partner.apiErrors.${code}`, `common:apiErrors.${code}`, 'crm:partner.apiErrors.INTERNAL'], { seconds: 60 });
}
