import type { EndpointBody, Procedure } from '@pagemate/shared-contracts';
import { cleanText } from '../../shared/text-rules';

/** The contract's bounds: name 200, procedure text 10 000; both required (docs/product.md §5). */
export const PROCEDURE_LIMITS = { name: 200, procedure: 10_000 } as const;

export interface ProcedureFormValues {
  name?: string;
  procedure?: string;
}

export function procedureFormValues(procedure: Procedure | null): ProcedureFormValues {
  return procedure ? { name: procedure.name, procedure: procedure.procedure } : { name: '', procedure: '' };
}

export function procedureBody(userId: string, values: ProcedureFormValues): EndpointBody<'createProcedure'>;
export function procedureBody(userId: string, values: ProcedureFormValues, procedureId: string): EndpointBody<'updateProcedure'>;
export function procedureBody(userId: string, values: ProcedureFormValues, procedureId?: string) {
  const body = { user_id: userId, name: cleanText(values.name), procedure: cleanText(values.procedure) };
  return procedureId ? { ...body, procedure_id: procedureId } : body;
}
