import { ClientScreen } from '../features/clients/client-screen';

/** Clients met through the pages, with a client detail modal (their conversations and orders). */
export function ClientManagerPage() {
  return <ClientScreen />;
}
