import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, CopyOutlined, DeleteOutlined, EditOutlined, ExclamationCircleOutlined, FacebookOutlined, InstagramOutlined, RetweetOutlined, SyncOutlined } from '@ant-design/icons';
import type { PostRunStatus, ScheduledPost } from '@pagemate/shared-contracts';
import { Button, Card, Flex, Image, Popconfirm, Tag, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSrc } from './posts-api';
import { failureText } from './post-failure';
import { describeRepeat, formatPostTime } from './post-model';

const STATUS_LOOK: Record<PostRunStatus, { color: string; icon: ReactNode }> = {
  scheduled: { color: 'blue', icon: <ClockCircleOutlined aria-hidden /> },
  publishing: { color: 'processing', icon: <SyncOutlined spin aria-hidden /> },
  published: { color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
  failed: { color: 'error', icon: <ExclamationCircleOutlined aria-hidden /> },
  cancelled: { color: 'default', icon: <CloseCircleOutlined aria-hidden /> },
};

const THUMBS = 4;

interface PostRowProps {
  post: ScheduledPost;
  /** The post still has times to come: it can be changed or cancelled. */
  editable: boolean;
  deleting: boolean;
  onEdit(post: ScheduledPost): void;
  onReuse(post: ScheduledPost): void;
  onDelete(post: ScheduledPost): Promise<void>;
}

/** One posting time of one page: when, what (two lines, thumbnails), how it repeats, its state and the actions. */
export function PostRow({ post, editable, deleting, onEdit, onReuse, onDelete }: PostRowProps) {
  const { t } = useTranslation('crm');
  const { token } = theme.useToken();
  const look = STATUS_LOOK[post.status];
  const extraImages = post.images.length - THUMBS;

  return (
    <Card size="small" data-testid="post-row" data-status={post.status} data-post-id={post.post_id} styles={{ body: { padding: 12 } }}>
      <Flex gap={12} wrap align="start">
        <Flex vertical gap={6} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong data-testid="post-time-text">
              {formatPostTime(t, post.time)}
            </Typography.Text>
            <Tag color={look.color} icon={look.icon} style={{ marginInlineEnd: 0 }} data-testid="post-status">
              {t(`posts.status.${post.status}`)}
            </Tag>
            {post.channel === 'instagram' ? (
              <Tag color="magenta" icon={<InstagramOutlined aria-hidden />} style={{ marginInlineEnd: 0 }} data-testid="post-channel-instagram">
                {t('posts.channels.instagram')}
              </Tag>
            ) : null}
            {post.repeat.kind !== 'none' ? (
              <Typography.Text type="secondary" data-testid="post-seq">
                {t('posts.seq', { seq: post.seq })}
              </Typography.Text>
            ) : null}
            {post.page_ids.length > 1 ? (
              <Tooltip title={t('posts.morePagesHint')}>
                <Tag style={{ marginInlineEnd: 0 }}>{t('posts.pagesCount', { count: post.page_ids.length })}</Tag>
              </Tooltip>
            ) : null}
          </Flex>
          <Typography.Paragraph
            style={{ margin: 0, whiteSpace: 'pre-line', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
            title={post.content}
            data-testid="post-excerpt"
          >
            {post.content}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="post-repeat-text">
            <RetweetOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
            {describeRepeat(t, post)}
          </Typography.Text>
          {post.status === 'published' ? <PublishedLink post={post} /> : null}
          {post.status === 'failed' ? (
            <Typography.Text type="danger" data-testid="post-error">
              {failureText(t, post)}
            </Typography.Text>
          ) : null}
        </Flex>
        {post.images.length > 0 ? (
          <Image.PreviewGroup>
            <Flex gap={6} align="center" data-testid="post-thumbs">
              {post.images.slice(0, THUMBS).map((image) => (
                <Image
                  key={image.media_id}
                  src={imageSrc(image.url)}
                  alt={image.file_name}
                  width={56}
                  height={56}
                  style={{ objectFit: 'cover', borderRadius: token.borderRadiusSM }}
                />
              ))}
              {extraImages > 0 ? <Typography.Text type="secondary">+{extraImages}</Typography.Text> : null}
            </Flex>
          </Image.PreviewGroup>
        ) : null}
        <Flex gap={4} wrap align="center" style={{ marginInlineStart: 'auto' }}>
          {editable ? (
            <>
              <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => onEdit(post)} data-testid="post-edit">
                {t('posts.actions.edit')}
              </Button>
              <Popconfirm
                title={t('posts.actions.cancelTitle')}
                description={<div style={{ maxWidth: 280 }}>{t('posts.actions.cancelDescription', { count: post.page_ids.length })}</div>}
                okText={t('posts.actions.cancelOk')}
                cancelText={t('posts.actions.cancelNo')}
                okButtonProps={{ danger: true, loading: deleting }}
                onConfirm={() => onDelete(post)}
              >
                <Button size="small" danger icon={<DeleteOutlined aria-hidden />} data-testid="post-cancel">
                  {t('posts.actions.cancel')}
                </Button>
              </Popconfirm>
            </>
          ) : (
            <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => onReuse(post)} data-testid="post-reuse">
              {t('posts.actions.reuse')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

function PublishedLink({ post }: { post: ScheduledPost }) {
  const { t } = useTranslation('crm');
  if (post.facebook_url) {
    return (
      <Typography.Link href={post.facebook_url} target="_blank" rel="noreferrer" data-testid="post-link">
        <FacebookOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
        {t('posts.viewOnFacebook')}
      </Typography.Link>
    );
  }
  return post.facebook_post_id ? (
    <Typography.Text type="secondary" data-testid="post-sandbox-id">
      <FacebookOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
      {t('posts.sandboxId', { id: post.facebook_post_id })}
    </Typography.Text>
  ) : null;
}
