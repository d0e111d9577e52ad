import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const instant = () => timestamp({ withTimezone: true });

/**
 * A partner's invite code (one live code per partner; rotating replaces it). Shops join by typing it; the code
 * is not a secret of the shop's data — joining is the shop's own act and can be undone.
 */
export const partnerInvites = pgTable('partner_invites', {
  partnerId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text().notNull().unique(),
  createdAt: instant().notNull(),
});

/** A member of a partner's team (a record the partner keeps, not a login); shops name one as their manager. */
export const partnerStaff = pgTable(
  'partner_staff',
  {
    id: uuid().primaryKey(),
    partnerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    role: text().notNull(),
    active: boolean().notNull(),
    note: text().notNull(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (table) => [
    index('partner_staff_partner_idx').on(table.partnerId, table.name),
    check('partner_staff_role_known', sql`${table.role} in ('account_manager', 'support', 'sales', 'technician')`),
  ],
);
