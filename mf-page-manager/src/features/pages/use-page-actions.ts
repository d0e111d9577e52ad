import { apiErrorText, type Channel, type PageAction, selectSessionUser, useAppSelector } from '@pagemate/shared-contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { managerBody, type ManagerChange, type PageRow, subscribedOn } from './page-rows';
import { useSubscribedMutation, useUpdateManagerMutation } from './pages-api';
import { subscriptionAction } from './subscription-action';

/** What a row of the page table can do: save its manager settings, and (un)subscribe an event type. */
export function usePageActions() {
  const { t } = useTranslation('page-manager');
  const { message } = App.useApp();
  const user = useAppSelector(selectSessionUser);
  const [updateManager, updateState] = useUpdateManagerMutation();
  const [subscribe, subscribeState] = useSubscribedMutation();

  const saveManager = async (row: PageRow, change: ManagerChange) => {
    if (!user) return;
    try {
      await updateManager(managerBody(user.userId, user.username, row, change)).unwrap();
      void message.success(t('pages.saved', { page: row.page.page_name }));
    } catch (error) {
      void message.error(apiErrorText(t, error));
    }
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
    savingPageId: updateState.isLoading ? updateState.originalArgs?.page_id : undefined,
    subscribingPageId: subscribeState.isLoading ? subscribeState.originalArgs?.page_id : undefined,
  };
}
