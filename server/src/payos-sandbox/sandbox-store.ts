import { and, eq, lte } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { payosSandboxRequests } from '../db/schema/index.js';

export type SandboxRequestRow = typeof payosSandboxRequests.$inferSelect;
export type SandboxRequestStatus = 'PENDING' | 'PAID' | 'CANCELLED' | 'EXPIRED';

/** The sandbox's own state, as PayOS keeps its own: payment requests by link id and order code. */
export class SandboxStore {
  constructor(private readonly orm: Orm) {}

  /** undefined when the order code is taken (PayOS refuses a second request for one order). */
  async create(row: Omit<SandboxRequestRow, 'status' | 'reference' | 'paidAt' | 'cancelledAt'>): Promise<SandboxRequestRow | undefined> {
    const [created] = await this.orm
      .insert(payosSandboxRequests)
      .values({ ...row, status: 'PENDING' })
      .onConflictDoNothing({ target: payosSandboxRequests.orderCode })
      .returning();
    return created;
  }

  /** By payment link id or, for an all-digit key, by order code (PayOS's GET takes either). */
  async find(idOrOrderCode: string, now: Date): Promise<SandboxRequestRow | undefined> {
    await this.expireDue(now);
    const byOrder = /^\d{1,15}$/.test(idOrOrderCode);
    const [row] = await this.orm
      .select()
      .from(payosSandboxRequests)
      .where(byOrder ? eq(payosSandboxRequests.orderCode, Number(idOrOrderCode)) : eq(payosSandboxRequests.id, idOrOrderCode));
    return row;
  }

  /** PENDING → PAID or CANCELLED, once; undefined when it was no longer pending (or had expired). */
  async settle(id: string, outcome: { status: 'PAID'; reference: string } | { status: 'CANCELLED' }, now: Date): Promise<SandboxRequestRow | undefined> {
    await this.expireDue(now);
    const changes = outcome.status === 'PAID' ? { status: 'PAID', reference: outcome.reference, paidAt: now } : { status: 'CANCELLED', cancelledAt: now };
    const [row] = await this.orm
      .update(payosSandboxRequests)
      .set(changes)
      .where(and(eq(payosSandboxRequests.id, id), eq(payosSandboxRequests.status, 'PENDING')))
      .returning();
    return row;
  }

  /** Pending requests past their expiry become EXPIRED, as at PayOS (which no longer accepts the transfer). */
  private async expireDue(now: Date) {
    await this.orm
      .update(payosSandboxRequests)
      .set({ status: 'EXPIRED' })
      .where(and(eq(payosSandboxRequests.status, 'PENDING'), lte(payosSandboxRequests.expiredAt, now)));
  }
}
