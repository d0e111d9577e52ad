import type { PublicLandingModule } from '@pagemate/shared-contracts/plain';
import en from './locales/en.json';
import vi from './locales/vi.json';
import { LandingPage } from './pages/landing-page';

/** `./landing`: the page alone, for the shell's light entry (signed-out visitors of `/`). */
const landing: PublicLandingModule = { namespace: 'landing-page', resources: { vi, en }, LandingPage };

export default landing;
