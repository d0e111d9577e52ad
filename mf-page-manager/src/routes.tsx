import { defineRemoteModule } from '@pagemate/shared-contracts';
import en from './locales/en.json';
import vi from './locales/vi.json';
import { ConfigManagerPage } from './pages/config-manager-page';
import { IdentityManagerPage } from './pages/identity-manager-page';
import { PageManagerPage } from './pages/page-manager-page';
import { ProcedureManagerPage } from './pages/procedure-manager-page';

export default defineRemoteModule({
  name: 'mf_page_manager',
  namespace: 'page-manager',
  resources: { vi, en },
  pages: {
    'page-manager': PageManagerPage,
    'identity-manager': IdentityManagerPage,
    'procedure-manager': ProcedureManagerPage,
    'config-manager': ConfigManagerPage,
  },
});
