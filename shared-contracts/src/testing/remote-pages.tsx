import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import type { Language } from '../contracts/constants.js';
import { ROUTES, type RemoteName, type RouteId } from '../contracts/routes.js';
import { initI18n } from '../i18n/i18n.js';
import type { RemoteModule } from '../remote-module.js';
import { makeStore } from '../store/store.js';

/** The shell's `common` strings a remote's pages read (the real ones ship with the shell). */
export const COMMON_FOR_REMOTE_TESTS = {
  vi: { beingBuilt: { title: 'Đang được xây dựng', description: 'Tính năng này đang được hoàn thiện và sẽ sớm ra mắt.' } },
  en: { beingBuilt: { title: 'Being built', description: 'This feature is being finished and will arrive soon.' } },
} as const;

/** Route ids the route table gives to a remote, sorted. */
export function ownedRouteIds(name: RemoteName): string[] {
  return ROUTES.filter((route) => route.owner === name)
    .map((route) => route.id)
    .sort();
}

/** Renders one page of a remote to HTML in a language, inside a fresh store, as the shell would mount it. */
export async function renderRemotePage(remote: RemoteModule, routeId: RouteId, language: Language): Promise<string> {
  const i18n = await initI18n(language, { common: COMMON_FOR_REMOTE_TESTS, [remote.namespace]: remote.resources });
  await i18n.changeLanguage(language);
  const Page = remote.pages[routeId];
  if (!Page) throw new Error(`${remote.name} has no page for ${routeId}`);
  return renderToStaticMarkup(
    <Provider store={makeStore()}>
      <Page />
    </Provider>,
  );
}

/** The text of the first h1 of some HTML. */
export function headingOf(html: string): string | undefined {
  return /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];
}
