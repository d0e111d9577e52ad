import { defineRemoteModule } from '@pagemate/shared-contracts';
import en from './locales/en.json';
import vi from './locales/vi.json';
import { ChatbotBasicPage } from './pages/chatbot-basic-page';
import { ChatbotFulldocsPage } from './pages/chatbot-fulldocs-page';
import { FileManagerPage } from './pages/file-manager-page';

export default defineRemoteModule({
  name: 'mf_chatbot',
  namespace: 'chatbot',
  resources: { vi, en },
  pages: {
    'user-file-manager': FileManagerPage,
    'partner-file-manager': FileManagerPage,
    'chatbot-basic': ChatbotBasicPage,
    'chatbot-pdf': ChatbotFulldocsPage,
  },
});
