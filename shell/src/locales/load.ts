import type { Language, LocaleTree } from '@pagemate/shared-contracts';

/** The shell's namespaces the app reads at start; `partner` is read by partner sessions and partner pages. */
export const START_NAMESPACES = ['common', 'dashboard'] as const;
export const PARTNER_NAMESPACE = 'partner';

type ShellNamespace = (typeof START_NAMESPACES)[number] | typeof PARTNER_NAMESPACE;
type Reader = () => Promise<{ default: LocaleTree }>;

/** One chunk per language and namespace, so a start reads only the language it shows. */
const READERS: Record<Language, Record<ShellNamespace, Reader>> = {
  vi: {
    common: () => import(/* webpackChunkName: "locale-vi-common" */ './vi/common.json'),
    dashboard: () => import(/* webpackChunkName: "locale-vi-dashboard" */ './vi/dashboard.json'),
    partner: () => import(/* webpackChunkName: "locale-vi-partner" */ './vi/partner.json'),
  },
  en: {
    common: () => import(/* webpackChunkName: "locale-en-common" */ './en/common.json'),
    dashboard: () => import(/* webpackChunkName: "locale-en-dashboard" */ './en/dashboard.json'),
    partner: () => import(/* webpackChunkName: "locale-en-partner" */ './en/partner.json'),
  },
};

function isShellNamespace(ns: string): ns is ShellNamespace {
  return ns === PARTNER_NAMESPACE || (START_NAMESPACES as readonly string[]).includes(ns);
}

async function read(language: Language, ns: ShellNamespace): Promise<LocaleTree> {
  return (await READERS[language][ns]()).default;
}

/** Reads one of the shell's namespaces in one language (the i18n instance's loader); `undefined` for any other. */
export async function loadShellNamespace(language: Language, ns: string): Promise<LocaleTree | undefined> {
  return isShellNamespace(ns) ? read(language, ns) : undefined;
}

/** The namespaces a start needs in its one language: `partner` only for a partner session. */
export async function loadStartNamespaces(language: Language, partner: boolean): Promise<Record<string, LocaleTree>> {
  const names: ShellNamespace[] = partner ? [...START_NAMESPACES, PARTNER_NAMESPACE] : [...START_NAMESPACES];
  const entries = await Promise.all(names.map(async (ns) => [ns, await read(language, ns)] as const));
  return Object.fromEntries(entries);
}
