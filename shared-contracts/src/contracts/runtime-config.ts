import { z } from 'zod';
import { DEFAULT_REMOTES_URL } from './constants.js';
import { lazySchema } from './lazy-table.js';
import { REMOTE_NAMES } from './routes.js';

/** `config.json`, served beside the shell and never cached: where the shell finds the API and its remotes. */
export const runtimeConfigSchema = lazySchema(() => z.object({
  apiBaseUrl: z.string().url(),
  facebookAppId: z.string().default(''),
  remotesUrl: z.string().min(1).default(DEFAULT_REMOTES_URL),
}));
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** `remotes.json`: which remote lives where and who may load it. Editing it redeploys a remote. */
export const remotesFileSchema = lazySchema(() => z.object({
  remotes: z.array(
    z.object({
      name: z.enum(REMOTE_NAMES),
      entry: z.string().min(1),
      audience: z.array(z.enum(['public', 'user', 'partner'])).min(1),
    }),
  ),
}));
export type RemotesFile = z.infer<typeof remotesFileSchema>;

/** Default local ports of `npm start`: the shell, each remote and the API. */
export const DEFAULT_PORTS = {
  shell: 3000,
  mf_landing: 3101,
  mf_page_manager: 3102,
  mf_chatbot: 3103,
  mf_balance: 3104,
  mf_crm: 3105,
  api: 8080,
} as const;

/** Who may load each remote (docs/architecture.md §2): partners never download user remotes and vice versa. */
export const REMOTE_AUDIENCES = {
  mf_landing: ['public'],
  mf_page_manager: ['user'],
  mf_chatbot: ['user', 'partner'],
  mf_balance: ['user'],
  mf_crm: ['user', 'partner'],
} as const satisfies Record<(typeof REMOTE_NAMES)[number], readonly ('public' | 'user' | 'partner')[]>;

/** The folder of each remote in the repository, by MF name. */
export const REMOTE_FOLDERS = {
  mf_landing: 'mf-landing',
  mf_page_manager: 'mf-page-manager',
  mf_chatbot: 'mf-chatbot',
  mf_balance: 'mf-balance',
  mf_crm: 'mf-crm',
} as const satisfies Record<(typeof REMOTE_NAMES)[number], string>;
