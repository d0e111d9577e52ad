import { renderStandaloneNotice } from '@pagemate/shared-contracts';

renderStandaloneNotice('mf_balance');
