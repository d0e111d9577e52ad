import { IdentityManager } from '../features/identity/identity-manager';

/** The bot identities (AI personalities) a config combines. */
export function IdentityManagerPage() {
  return <IdentityManager />;
}
