import type { BotConfig, Identity, Procedure } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../../errors/app-error.js';
import type { BotConfigFields, BotConfigRow, DeleteOutcome, IdentityFields, IdentityRow, ProcedureFields, ProcedureRow } from './bot-config-repository.js';

export type IdentityInput = Omit<Identity, 'identity_id'>;
export type ProcedureInput = Omit<Procedure, 'procedure_id'>;
export type BotConfigInput = Omit<BotConfig, 'total_id'>;

export interface BotConfigService {
  listIdentities(userId: string): Promise<Identity[]>;
  createIdentity(userId: string, input: IdentityInput): Promise<Identity>;
  updateIdentity(userId: string, id: string, input: IdentityInput): Promise<Identity>;
  deleteIdentity(userId: string, id: string): Promise<void>;
  listProcedures(userId: string): Promise<Procedure[]>;
  createProcedure(userId: string, input: ProcedureInput): Promise<Procedure>;
  updateProcedure(userId: string, id: string, input: ProcedureInput): Promise<Procedure>;
  deleteProcedure(userId: string, id: string): Promise<void>;
  listConfigs(userId: string): Promise<BotConfig[]>;
  createConfig(userId: string, input: BotConfigInput): Promise<BotConfig>;
  updateConfig(userId: string, id: string, input: BotConfigInput): Promise<BotConfig>;
  deleteConfig(userId: string, id: string): Promise<void>;
  /** 404 unless the config is the user's. */
  assertConfigOwned(userId: string, id: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    botConfigs: BotConfigService;
  }
}

const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found`);

export const toIdentity = (row: IdentityRow): Identity => ({
  identity_id: row.id,
  name: row.name,
  info: { name: '', gender: '', birth_year: '', hometown: '', current_address: '', ...row.info },
  story: { childhood: '', schools: '', university: '', current_job: '', ...row.story },
  style_conversation: row.styleConversation,
  example_conversation: row.exampleConversation,
});
export const toProcedure = (row: ProcedureRow): Procedure => ({ procedure_id: row.id, name: row.name, procedure: row.procedure });
export const toBotConfig = (row: BotConfigRow): BotConfig => ({
  total_id: row.id,
  name: row.name,
  procedure_id: row.procedureId,
  identity_id: row.identityId,
  role: row.role,
  target: row.target,
  mission: row.mission,
  note: row.note,
});

const identityFields = (input: IdentityInput): IdentityFields => ({
  name: input.name,
  info: { ...input.info },
  story: { ...input.story },
  styleConversation: input.style_conversation,
  exampleConversation: input.example_conversation,
});
const procedureFields = (input: ProcedureInput): ProcedureFields => ({ name: input.name, procedure: input.procedure });

/** What the bot is (identity), how it leads a conversation (procedure), and the config tying them together. */
function botConfigServicePlugin(app: FastifyInstance) {
  const repo = app.botConfigRepository;
  const now = () => app.clock.now();

  function afterDelete(outcome: DeleteOutcome, what: string, usedBy: string) {
    if (outcome === 'missing') throw notFound(what);
    if (outcome === 'in-use') throw new AppError(409, 'CONFLICT', `This ${what.toLowerCase()} is used by a ${usedBy}; change or delete that ${usedBy} first`);
  }

  async function configFields(userId: string, input: BotConfigInput): Promise<BotConfigFields> {
    if (!(await repo.findIdentity(userId, input.identity_id))) throw notFound('Identity');
    if (!(await repo.findProcedure(userId, input.procedure_id))) throw notFound('Procedure');
    return {
      name: input.name,
      identityId: input.identity_id,
      procedureId: input.procedure_id,
      role: input.role,
      target: input.target,
      mission: input.mission,
      note: input.note,
    };
  }

  const service: BotConfigService = {
    listIdentities: async (userId) => (await repo.listIdentities(userId)).map(toIdentity),
    createIdentity: async (userId, input) => toIdentity(await repo.insertIdentity(userId, identityFields(input), now())),
    async updateIdentity(userId, id, input) {
      const row = await repo.updateIdentity(userId, id, identityFields(input), now());
      if (!row) throw notFound('Identity');
      return toIdentity(row);
    },
    async deleteIdentity(userId, id) {
      afterDelete(await repo.deleteIdentity(userId, id), 'Identity', 'bot config');
    },

    listProcedures: async (userId) => (await repo.listProcedures(userId)).map(toProcedure),
    createProcedure: async (userId, input) => toProcedure(await repo.insertProcedure(userId, procedureFields(input), now())),
    async updateProcedure(userId, id, input) {
      const row = await repo.updateProcedure(userId, id, procedureFields(input), now());
      if (!row) throw notFound('Procedure');
      return toProcedure(row);
    },
    async deleteProcedure(userId, id) {
      afterDelete(await repo.deleteProcedure(userId, id), 'Procedure', 'bot config');
    },

    listConfigs: async (userId) => (await repo.listConfigs(userId)).map(toBotConfig),
    createConfig: async (userId, input) => toBotConfig(await repo.insertConfig(userId, await configFields(userId, input), now())),
    async updateConfig(userId, id, input) {
      if (!(await repo.findConfig(userId, id))) throw notFound('Config');
      const row = await repo.updateConfig(userId, id, await configFields(userId, input), now());
      if (!row) throw notFound('Config');
      return toBotConfig(row);
    },
    async deleteConfig(userId, id) {
      afterDelete(await repo.deleteConfig(userId, id), 'Config', 'page');
    },
    async assertConfigOwned(userId, id) {
      if (!(await repo.findConfig(userId, id))) throw notFound('Config');
    },
  };
  app.decorate('botConfigs', service);
}

export default fp(botConfigServicePlugin, { name: 'bot-config-service', fastify: '5.x', dependencies: ['clock', 'bot-config-repository'] });
