import { defineRemoteModule } from '@pagemate/shared-contracts';
import en from './locales/en.json';
import vi from './locales/vi.json';
import { BalancePage } from './pages/balance-page';

export default defineRemoteModule({
  name: 'mf_balance',
  namespace: 'balance',
  resources: { vi, en },
  pages: { balance: BalancePage },
});
