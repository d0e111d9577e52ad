import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { botConfigs, botIdentities, botProcedures, pageManagers } from '../../../db/schema/index.js';

export type IdentityRow = typeof botIdentities.$inferSelect;
export type ProcedureRow = typeof botProcedures.$inferSelect;
export type BotConfigRow = typeof botConfigs.$inferSelect;

type Editable<Row> = Omit<Row, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;
export type IdentityFields = Editable<IdentityRow>;
export type ProcedureFields = Editable<ProcedureRow>;
export type BotConfigFields = Editable<BotConfigRow>;

export type DeleteOutcome = 'deleted' | 'missing' | 'in-use';

/** Identities, procedures and bot configs; every query is scoped by the owner's user id. */
export interface BotConfigRepository {
  listIdentities(userId: string): Promise<IdentityRow[]>;
  findIdentity(userId: string, id: string): Promise<IdentityRow | undefined>;
  insertIdentity(userId: string, fields: IdentityFields, now: Date): Promise<IdentityRow>;
  updateIdentity(userId: string, id: string, fields: IdentityFields, now: Date): Promise<IdentityRow | undefined>;
  /** `in-use` while a config names it. */
  deleteIdentity(userId: string, id: string): Promise<DeleteOutcome>;

  listProcedures(userId: string): Promise<ProcedureRow[]>;
  findProcedure(userId: string, id: string): Promise<ProcedureRow | undefined>;
  insertProcedure(userId: string, fields: ProcedureFields, now: Date): Promise<ProcedureRow>;
  updateProcedure(userId: string, id: string, fields: ProcedureFields, now: Date): Promise<ProcedureRow | undefined>;
  deleteProcedure(userId: string, id: string): Promise<DeleteOutcome>;

  listConfigs(userId: string): Promise<BotConfigRow[]>;
  findConfig(userId: string, id: string): Promise<BotConfigRow | undefined>;
  insertConfig(userId: string, fields: BotConfigFields, now: Date): Promise<BotConfigRow>;
  updateConfig(userId: string, id: string, fields: BotConfigFields, now: Date): Promise<BotConfigRow | undefined>;
  /** `in-use` while a page manager names it. */
  deleteConfig(userId: string, id: string): Promise<DeleteOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    botConfigRepository: BotConfigRepository;
  }
}

function botConfigRepositoryPlugin(app: FastifyInstance) {
  const orm = app.db.orm;

  const repository: BotConfigRepository = {
    listIdentities: (userId) => orm.select().from(botIdentities).where(eq(botIdentities.userId, userId)).orderBy(asc(botIdentities.createdAt), asc(botIdentities.id)),
    async findIdentity(userId, id) {
      const [row] = await orm.select().from(botIdentities).where(and(eq(botIdentities.userId, userId), eq(botIdentities.id, id)));
      return row;
    },
    async insertIdentity(userId, fields, now) {
      const [row] = await orm.insert(botIdentities).values({ id: crypto.randomUUID(), userId, ...fields, createdAt: now, updatedAt: now }).returning();
      if (!row) throw new Error('identity insert returned nothing');
      return row;
    },
    async updateIdentity(userId, id, fields, now) {
      const [row] = await orm.update(botIdentities).set({ ...fields, updatedAt: now }).where(and(eq(botIdentities.userId, userId), eq(botIdentities.id, id))).returning();
      return row;
    },
    deleteIdentity: (userId, id) =>
      orm.transaction(async (tx) => {
        const [owned] = await tx.select({ id: botIdentities.id }).from(botIdentities).where(and(eq(botIdentities.userId, userId), eq(botIdentities.id, id))).for('update');
        if (!owned) return 'missing';
        const [uses] = await tx.select({ n: count() }).from(botConfigs).where(eq(botConfigs.identityId, id));
        if ((uses?.n ?? 0) > 0) return 'in-use';
        await tx.delete(botIdentities).where(eq(botIdentities.id, id));
        return 'deleted';
      }),

    listProcedures: (userId) => orm.select().from(botProcedures).where(eq(botProcedures.userId, userId)).orderBy(asc(botProcedures.createdAt), asc(botProcedures.id)),
    async findProcedure(userId, id) {
      const [row] = await orm.select().from(botProcedures).where(and(eq(botProcedures.userId, userId), eq(botProcedures.id, id)));
      return row;
    },
    async insertProcedure(userId, fields, now) {
      const [row] = await orm.insert(botProcedures).values({ id: crypto.randomUUID(), userId, ...fields, createdAt: now, updatedAt: now }).returning();
      if (!row) throw new Error('procedure insert returned nothing');
      return row;
    },
    async updateProcedure(userId, id, fields, now) {
      const [row] = await orm.update(botProcedures).set({ ...fields, updatedAt: now }).where(and(eq(botProcedures.userId, userId), eq(botProcedures.id, id))).returning();
      return row;
    },
    deleteProcedure: (userId, id) =>
      orm.transaction(async (tx) => {
        const [owned] = await tx.select({ id: botProcedures.id }).from(botProcedures).where(and(eq(botProcedures.userId, userId), eq(botProcedures.id, id))).for('update');
        if (!owned) return 'missing';
        const [uses] = await tx.select({ n: count() }).from(botConfigs).where(eq(botConfigs.procedureId, id));
        if ((uses?.n ?? 0) > 0) return 'in-use';
        await tx.delete(botProcedures).where(eq(botProcedures.id, id));
        return 'deleted';
      }),

    listConfigs: (userId) => orm.select().from(botConfigs).where(eq(botConfigs.userId, userId)).orderBy(asc(botConfigs.createdAt), asc(botConfigs.id)),
    async findConfig(userId, id) {
      const [row] = await orm.select().from(botConfigs).where(and(eq(botConfigs.userId, userId), eq(botConfigs.id, id)));
      return row;
    },
    async insertConfig(userId, fields, now) {
      const [row] = await orm.insert(botConfigs).values({ id: crypto.randomUUID(), userId, ...fields, createdAt: now, updatedAt: now }).returning();
      if (!row) throw new Error('config insert returned nothing');
      return row;
    },
    async updateConfig(userId, id, fields, now) {
      const [row] = await orm.update(botConfigs).set({ ...fields, updatedAt: now }).where(and(eq(botConfigs.userId, userId), eq(botConfigs.id, id))).returning();
      return row;
    },
    deleteConfig: (userId, id) =>
      orm.transaction(async (tx) => {
        const [owned] = await tx.select({ id: botConfigs.id }).from(botConfigs).where(and(eq(botConfigs.userId, userId), eq(botConfigs.id, id))).for('update');
        if (!owned) return 'missing';
        const [uses] = await tx.select({ n: count() }).from(pageManagers).where(eq(pageManagers.configId, id));
        if ((uses?.n ?? 0) > 0) return 'in-use';
        await tx.delete(botConfigs).where(eq(botConfigs.id, id));
        return 'deleted';
      }),
  };
  app.decorate('botConfigRepository', repository);
}

export default fp(botConfigRepositoryPlugin, { name: 'bot-config-repository', fastify: '5.x', dependencies: ['db'] });
