import { defineRemoteModule } from '@pagemate/shared-contracts';
import en from './locales/en.json';
import vi from './locales/vi.json';
import { LandingPage } from './pages/landing-page';

export default defineRemoteModule({
  name: 'mf_landing',
  namespace: 'landing-page',
  resources: { vi, en },
  pages: { landing: LandingPage },
});
