import type { BotConfig, EndpointBody } from '@pagemate/shared-contracts';
import { cleanText } from '../../shared/text-rules';

/** The contract's bounds: name and role 200, target / mission / note 10 000. */
export const CONFIG_LIMITS = { short: 200, long: 10_000 } as const;

export interface ConfigFormValues {
  name?: string;
  procedure_id?: string;
  identity_id?: string;
  role?: string;
  target?: string;
  mission?: string;
  note?: string;
}

export function configFormValues(config: BotConfig | null): ConfigFormValues {
  if (!config) return { name: '', role: '', target: '', mission: '', note: '' };
  const { name, procedure_id, identity_id, role, target, mission, note } = config;
  return { name, procedure_id, identity_id, role, target, mission, note };
}

export function configBody(userId: string, values: ConfigFormValues): EndpointBody<'createConfig'>;
export function configBody(userId: string, values: ConfigFormValues, totalId: string): EndpointBody<'updateConfig'>;
export function configBody(userId: string, values: ConfigFormValues, totalId?: string) {
  const body = {
    user_id: userId,
    name: cleanText(values.name),
    procedure_id: values.procedure_id ?? '',
    identity_id: values.identity_id ?? '',
    role: cleanText(values.role),
    target: cleanText(values.target),
    mission: cleanText(values.mission),
    note: cleanText(values.note),
  };
  return totalId ? { ...body, total_id: totalId } : body;
}
