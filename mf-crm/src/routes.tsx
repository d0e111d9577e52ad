import { defineRemoteModule } from '@pagemate/shared-contracts';
import en from './locales/en.json';
import vi from './locales/vi.json';
import { ClientManagerPage } from './pages/client-manager-page';
import { CommentManagerPage } from './pages/comment-manager-page';
import { MessageManagerPage } from './pages/message-manager-page';
import { OrderManagerPage } from './pages/order-manager-page';
import { PartnerCrmPage } from './pages/partner-crm-page';
import { PartnerHrmPage } from './pages/partner-hrm-page';
import { PostManagerPage } from './pages/post-manager-page';

export default defineRemoteModule({
  name: 'mf_crm',
  namespace: 'crm',
  resources: { vi, en },
  pages: {
    'post-manager': PostManagerPage,
    'comment-manager': CommentManagerPage,
    'message-manager': MessageManagerPage,
    'client-manager': ClientManagerPage,
    'order-manager': OrderManagerPage,
    'partner-crm': PartnerCrmPage,
    'partner-hrm': PartnerHrmPage,
  },
});
