import { apiErrorText, type Channel, type PageAction, type PageManager, selectSessionUser, useAppSelector } from '@pagemate/shared-contracts';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { managerBody, type ManagerChange, type PageRow, rowSettings, subscribedOn } from './page-rows';
import { useSubscribedMutation, useUpdateManagerMutation } from './pages-api';
import { subscriptionAction } from './subscription-action';

/** One page's saves under way: the row last changed, and what was asked since the save being sent. */
interface PageSaves {
  row: PageRow;
  next: ManagerChange | null;
}

/** One notice per page for its settings: each save's outcome replaces the one before instead of stacking up. */
const settingsNoticeKey = (pageId: string) => `page-settings-${pageId}`;

/** What a row of the page table can do: save its manager settings, and (un)subscribe an event type. */
export function usePageActions() {
  const { t } = useTranslation('page-manager');
  const { message } = App.useApp();
  const user = useAppSelector(selectSessionUser);
  const [updateManager] = useUpdateManagerMutation();
  const [subscribe, subscribeState] = useSubscribedMutation();
  // Per page, what the user asked and the server has not saved yet: drawn at once, so a dropdown stays open and
  // each pick adds to the one before.
  const [asked, setAsked] = useState<Record<string, ManagerChange>>({});
  const saves = useRef(new Map<string, PageSaves>());

  /** Sends a page's changes one save at a time, those asked meanwhile together, each on the manager just saved. */
  const sendSaves = async (userId: string, username: string, pageId: string, queue: PageSaves) => {
    let saved: PageManager | undefined = queue.row.manager;
    try {
      while (queue.next) {
        const change = queue.next;
        queue.next = null;
        saved = await updateManager(managerBody(userId, username, { ...queue.row, manager: saved }, change)).unwrap();
      }
      void message.success({ key: settingsNoticeKey(pageId), content: t('pages.saved', { page: queue.row.page.page_name }) });
    } catch (error) {
      // What was not saved is dropped: the row shows what the server has.
      const reason = apiErrorText(t, error);
      void message.error({ key: settingsNoticeKey(pageId), content: t('pages.saveFailed', { page: queue.row.page.page_name, reason }) });
    } finally {
      saves.current.delete(pageId);
      setAsked(({ [pageId]: _done, ...others }) => others);
    }
  };

  const saveManager = (row: PageRow, change: ManagerChange) => {
    if (!user) return;
    const pageId = row.page.page_id;
    setAsked((all) => ({ ...all, [pageId]: { ...all[pageId], ...change } }));
    const running = saves.current.get(pageId);
    if (running) {
      running.row = row;
      running.next = { ...running.next, ...change };
      return;
    }
    const queue: PageSaves = { row, next: change };
    saves.current.set(pageId, queue);
    void sendSaves(user.userId, user.username, pageId, queue);
  };

  /** Facebook: the page's own event types; Instagram: its linked account's. */
  const toggleSubscription = async (row: PageRow, type: PageAction, channel: Channel = 'facebook') => {
    if (!user) return;
    const { action } = subscriptionAction(type, subscribedOn(row.page, channel));
    try {
      const result = await subscribe({ user_id: user.userId, page_id: row.page.page_id, type, action, channel }).unwrap();
      const now = result.subscribed.includes(type);
      const typeLabel = t(channel === 'instagram' ? `instagram.actionTypes.${type}` : `actionTypes.${type}`);
      void message.success(t(now ? 'subscription.nowOn' : 'subscription.nowOff', { page: row.page.page_name, type: typeLabel }));
    } catch (error) {
      void message.error(apiErrorText(t, error));
    }
  };

  return {
    saveManager,
    toggleSubscription,
    /** The row's settings as the user last asked them. */
    settingsOf: (row: PageRow) => rowSettings(row.manager, asked[row.page.page_id] ?? {}),
    savingPageIds: new Set(Object.keys(asked)),
    subscribingPageId: subscribeState.isLoading ? subscribeState.originalArgs?.page_id : undefined,
  };
}
