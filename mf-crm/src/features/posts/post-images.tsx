import { PlusOutlined } from '@ant-design/icons';
import { apiErrorCode, apiErrorText, POST_LIMITS, type PostImage } from '@pagemate/shared-contracts';
import { App, Flex, Typography, Upload, type UploadFile } from 'antd';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSrc, uploadPostImage } from './posts-api';
import { formatMegabytes, IMAGE_TYPES, imageRefusal, type ImageRefusal } from './post-model';

interface PostImagesFieldProps {
  userId: string;
  /** The uploaded images, in order (a Form.Item fills these two). */
  value?: PostImage[];
  onChange?(images: PostImage[]): void;
  /** Whether an image is still on its way (the post cannot be saved meanwhile). */
  onBusyChange(busy: boolean): void;
}

function fileOf(image: PostImage): UploadFile<PostImage> {
  const src = imageSrc(image.url);
  return { uid: image.media_id, name: image.file_name, status: 'done', url: src, thumbUrl: src, response: image, size: image.size_bytes };
}

function refusalText(t: TFunction, refusal: ImageRefusal): string {
  return t(`posts.images.${refusal}`, { size: formatMegabytes(POST_LIMITS.imageMaxBytes) });
}

function uploadErrorText(t: TFunction, error: unknown): string {
  switch (apiErrorCode(error)) {
    case 'PAYLOAD_TOO_LARGE':
      return refusalText(t, 'imageTooLarge');
    case 'UNSUPPORTED_MEDIA_TYPE':
    case 'FILE_FORMAT_NOT_ALLOWED':
      return refusalText(t, 'imageType');
    case 'QUOTA_EXCEEDED':
      return t('posts.images.quotaExceeded', { days: POST_LIMITS.imageQuotaDays });
    default:
      return t('posts.images.failed', { error: apiErrorText(t, error, 'crm') });
  }
}

/**
 * The post's images: picked or dropped, checked here (type, size, count), sent one by one with a progress bar,
 * then shown as thumbnails that can be previewed or removed.
 */
export function PostImagesField({ userId, value, onChange, onBusyChange }: PostImagesFieldProps) {
  const { t } = useTranslation('crm');
  const { message } = App.useApp();
  const [fileList, setFileList] = useState<UploadFile<PostImage>[]>(() => (value ?? []).map(fileOf));
  const listRef = useRef(fileList);
  const refusedBatch = useRef<unknown>(null);

  const sync = (list: UploadFile<PostImage>[]) => {
    const next = list.map((file) => (file.status === 'done' && file.response && !file.url ? { ...file, url: imageSrc(file.response.url), thumbUrl: imageSrc(file.response.url) } : file));
    listRef.current = next;
    setFileList(next);
    onChange?.(next.flatMap((file) => (file.status === 'done' && file.response ? [file.response] : [])));
    onBusyChange(next.some((file) => file.status === 'uploading'));
  };

  const kept = fileList.filter((file) => file.status !== 'error').length;

  return (
    <Flex vertical gap={4} data-testid="post-images">
      <Upload<PostImage>
        listType="picture-card"
        multiple
        accept={IMAGE_TYPES.join(',')}
        fileList={fileList}
        beforeUpload={(file, batch) => {
          const refusal = imageRefusal(file);
          if (refusal) {
            void message.error(`${file.name}: ${refusalText(t, refusal)}`);
            return Upload.LIST_IGNORE;
          }
          const room = POST_LIMITS.maxImages - listRef.current.filter((known) => known.status !== 'error').length;
          const position = batch.filter((other) => imageRefusal(other) === null).indexOf(file);
          if (position >= room) {
            if (refusedBatch.current !== batch) void message.error(t('posts.images.tooMany', { max: POST_LIMITS.maxImages }));
            refusedBatch.current = batch;
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          const controller = new AbortController();
          uploadPostImage({
            userId,
            file: file as File,
            signal: controller.signal,
            onProgress: (fraction) => onProgress?.({ percent: Math.min(99, Math.round(fraction * 100)) }),
          }).then(
            (image) => onSuccess?.(image),
            (error: unknown) => {
              if (controller.signal.aborted) return;
              const text = uploadErrorText(t, error);
              void message.error(`${(file as File).name}: ${text}`);
              onError?.(Object.assign(new Error(text), { status: 0 }));
            },
          );
          return { abort: () => controller.abort() };
        }}
        onChange={({ fileList: next }) => sync(next)}
        showUploadList={{ showPreviewIcon: true, showRemoveIcon: true }}
      >
        {kept >= POST_LIMITS.maxImages ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} aria-label={t('posts.images.add')}>
            <PlusOutlined aria-hidden />
            <div style={{ marginTop: 8 }}>{t('posts.images.add')}</div>
          </button>
        )}
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('posts.images.hint', { max: POST_LIMITS.maxImages, size: formatMegabytes(POST_LIMITS.imageMaxBytes) })}
      </Typography.Text>
    </Flex>
  );
}
