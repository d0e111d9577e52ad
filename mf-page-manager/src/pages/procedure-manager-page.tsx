import { ProcedureManager } from '../features/procedure/procedure-manager';

/** The procedures (flow descriptions) a config combines. */
export function ProcedureManagerPage() {
  return <ProcedureManager />;
}
