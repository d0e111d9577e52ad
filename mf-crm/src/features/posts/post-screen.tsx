import { apiErrorText, AppLink } from '@pagemate/shared-contracts';
import { PlusOutlined } from '@ant-design/icons';
import type { FacebookPage, ScheduledPost } from '@pagemate/shared-contracts';
import { Alert, App, Button, Empty, Flex, Skeleton, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_MANAGER_HREF } from '../../shared/links';
import { PageGate, useConnectedPages } from '../../shared/page-gate';
import { PageLocated, type PageLocation } from '../../shared/page-location';
import { PagePicker } from '../../shared/page-picker';
import { ScreenHeader } from '../../shared/screen-header';
import { chosenPage } from '../../shared/pages';
import { POSTS_POLLING, usePostDeleteMutation, usePostListQuery } from './posts-api';
import { PostEditor, type EditorMode } from './post-editor';
import { editablePostIds, emptyFormValues, formValuesOf, nextRunOf, POST_TABS, postsOfTab, tabCounts, type PostTab } from './post-model';
import { PostRow } from './post-row';
import { RetryAlert } from '../../shared/retry-alert';

/**
 * The post manager: pick a page (`?page=` in the shell), see its posts by state (refreshed every 15 s),
 * schedule a new one with the AI's help, change or cancel one still to come.
 */
export function PostScreen() {
  return <PageLocated>{(location) => <PostsView location={location} />}</PageLocated>;
}

function PostsView({ location }: { location: PageLocation }) {
  const { t } = useTranslation('crm');
  const { message } = App.useApp();
  const connected = useConnectedPages();
  const { pages, userId } = connected;
  const picked = chosenPage(pages, location.pageId);
  const [editor, setEditor] = useState<{ key: number; mode: EditorMode } | null>(null);
  const [tab, setTab] = useState<PostTab>('scheduled');

  const open = (mode: EditorMode) => setEditor((current) => ({ key: (current?.key ?? 0) + 1, mode }));
  const openNew = () => open({ kind: 'add', initial: emptyFormValues(picked ? [picked.page.page_id] : [], Date.now()) });

  const body = (
    <PageGate pages={connected} picked={picked} noPages={{ description: t('posts.noPagesDescription'), testId: 'posts-no-pages' }}>
      {(chosen, signedIn) => <PagePosts page={chosen.page} userId={signedIn} tab={tab} onTab={setTab} onEdit={(mode) => open(mode)} />}
    </PageGate>
  );

  return (
    <Flex vertical gap={16}>
      <ScreenHeader title={t('postManager.title')}>
        {picked ? (
          <>
            <PagePicker pages={pages} value={picked.page.page_id} onChange={location.choosePage} />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openNew} data-testid="post-new">
              {t('posts.new')}
            </Button>
          </>
        ) : null}
      </ScreenHeader>
      {body}
      {editor && userId !== null ? (
        <PostEditor
          key={editor.key}
          mode={editor.mode}
          userId={userId}
          pages={pages}
          onClose={() => setEditor(null)}
          onSaved={(saved) => {
            void message.success(editor.mode.kind === 'update' ? t('posts.updated') : t('posts.created', { count: saved.total, pages: saved.pages }));
            setEditor(null);
            setTab('scheduled');
          }}
        />
      ) : null}
    </Flex>
  );
}

function PagePosts({ page, userId, tab, onTab, onEdit }: { page: FacebookPage; userId: string; tab: PostTab; onTab(tab: PostTab): void; onEdit(mode: EditorMode): void }) {
  const { t } = useTranslation('crm');
  const { message } = App.useApp();
  const list = usePostListQuery({ user_id: userId, page_id: page.page_id }, POSTS_POLLING);
  const [deletePost, deleting] = usePostDeleteMutation();
  const posts = useMemo(() => list.currentData ?? [], [list.currentData]);
  const counts = tabCounts(posts);
  const editable = useMemo(() => editablePostIds(posts), [posts]);

  const edit = (row: ScheduledPost) => {
    const next = nextRunOf(posts, row);
    onEdit({ kind: 'update', post: next, initial: formValuesOf(next, { withTime: true, now: Date.now() }) });
  };
  const reuse = (row: ScheduledPost) => onEdit({ kind: 'add', initial: formValuesOf(row, { withTime: false, now: Date.now() }) });
  const remove = async (row: ScheduledPost) => {
    const result = await deletePost({ user_id: userId, post_id: row.post_id });
    if (result.error === undefined) void message.success(t('posts.cancelled'));
    else void message.error(t('posts.cancelFailed', { error: apiErrorText(t, result.error, 'crm') }));
  };

  const rows = postsOfTab(posts, tab);
  let content;
  if (list.isLoading || (list.isFetching && !list.currentData && !list.isError)) content = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (list.isError && !list.currentData) {
    content = (
      <RetryAlert title={t('posts.loadFailed', { error: apiErrorText(t, list.error, 'crm') })} retry={t('inbox.retry')} onRetry={() => void list.refetch()} />
    );
  } else if (rows.length === 0) {
    content = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`posts.empty.${tab}`)} data-testid="posts-empty" />;
  } else {
    content = (
      <Flex vertical gap={8} role="list" aria-label={t(`posts.tabs.${tab}`)}>
        {rows.map((post) => (
          <div role="listitem" key={post.run_id}>
            <PostRow post={post} editable={editable.has(post.post_id)} deleting={deleting.isLoading} onEdit={edit} onReuse={reuse} onDelete={remove} />
          </div>
        ))}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={12}>
      {page.needs_reconnect ? (
        <Alert
          type="warning"
          showIcon
          data-testid="posts-reconnect"
          title={t('posts.needsReconnect', { page: page.page_name })}
          action={<AppLink to={PAGE_MANAGER_HREF}>{t('inbox.pageManager')}</AppLink>}
        />
      ) : null}
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as PostTab)}
        items={POST_TABS.map((key) => ({ key, label: <span data-testid={`posts-tab-${key}`}>{`${t(`posts.tabs.${key}`)} (${counts[key]})`}</span> }))}
      />
      {content}
    </Flex>
  );
}

