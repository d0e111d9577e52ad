import { ConfigManager } from '../features/config/config-manager';

/** Configs: a procedure plus an identity with persona role, target, mission and note. */
export function ConfigManagerPage() {
  return <ConfigManager />;
}
