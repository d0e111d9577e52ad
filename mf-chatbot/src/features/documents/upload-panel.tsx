import { CheckCircleFilled, CloseCircleFilled, InboxOutlined } from '@ant-design/icons';
import { ALLOWED_UPLOAD_EXTENSIONS, api, apiErrorCode, listsApi, type CollectionFile, UPLOAD_LIMITS, useAppDispatch } from '@pagemate/shared-contracts';
import { App, AutoComplete, Flex, Progress, Radio, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useId, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../shared/format';
import { uploadDocument } from './documents-api';
import { UPLOAD_LANGUAGES, uploadRefusal, type UploadLanguage, type UploadRefusal } from './upload-rules';

interface UploadItem {
  uid: number;
  name: string;
  percent: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

function refusalText(t: TFunction, refusal: UploadRefusal): string {
  return t(`upload.${refusal}`, { size: formatFileSize(UPLOAD_LIMITS.maxFileBytes) });
}

/** The server's refusal in the product's words (docs/product.md §5, §8); anything unexpected is the generic upload failure. */
function uploadErrorText(t: TFunction, error: unknown): string {
  switch (apiErrorCode(error)) {
    case 'FILE_EXISTS':
      return refusalText(t, 'duplicate');
    case 'FILE_FORMAT_NOT_ALLOWED':
    case 'UNSUPPORTED_MEDIA_TYPE':
      return refusalText(t, 'invalidFormat');
    case 'PAYLOAD_TOO_LARGE':
      return refusalText(t, 'tooLarge');
    case 'QUOTA_EXCEEDED':
      return t('upload.quotaExceeded');
    case 'RATE_LIMITED':
      // The per-user upload limit counts a minute (the error does not keep Retry-After).
      return t('upload.rateLimited', { seconds: 60 });
    default:
      return t('upload.failure');
  }
}

let nextUid = 1;

/**
 * Choose a collection and a language, then drop or pick files: each is checked here first (format, size,
 * duplicate name), then sent with its own progress bar. Indexing goes on at the server; the table shows it.
 */
export function UploadPanel({ userId, files }: { userId: string; files: CollectionFile[] }) {
  const { t } = useTranslation('chatbot');
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const inputRef = useRef<HTMLInputElement>(null);
  const collectionId = useId();
  const languageId = useId();
  const [dragging, setDragging] = useState(false);
  const [typedCollection, setTypedCollection] = useState<string | null>(null);
  const [language, setLanguage] = useState<UploadLanguage>('auto');
  const [uploads, setUploads] = useState<UploadItem[]>([]);

  const collections = useMemo(() => [...new Set(files.map((f) => f.collection_name))].sort((a, b) => a.localeCompare(b, 'vi')), [files]);
  const collection = typedCollection ?? collections[0] ?? t('upload.defaultCollection');
  const update = (uid: number, patch: Partial<UploadItem>) => setUploads((items) => items.map((item) => (item.uid === uid ? { ...item, ...patch } : item)));

  async function uploadOne(file: File, collectionName: string): Promise<void> {
    const uid = nextUid++;
    const refusal = uploadRefusal(file, collectionName, files);
    if (refusal) {
      const text = refusalText(t, refusal);
      setUploads((items) => [{ uid, name: file.name, percent: 0, state: 'failed', error: text }, ...items]);
      void message.error(text);
      return;
    }
    setUploads((items) => [{ uid, name: file.name, percent: 0, state: 'uploading' }, ...items]);
    try {
      const saved = await uploadDocument({
        userId,
        file,
        collectionName,
        language,
        onProgress: (fraction) => update(uid, { percent: Math.min(99, Math.round(fraction * 100)) }),
      });
      update(uid, { percent: 100, state: 'done' });
      void message.success(t('upload.success'));
      // The new row shows at once (queued); the refetch brings the server's truth and starts the polling.
      dispatch(
        listsApi.util.updateQueryData('collectionFiles', userId, (draft) => {
          if (!draft.some((f) => f.file_id !== undefined && f.file_id === saved.file_id)) draft.push(saved);
        }),
      );
      dispatch(api.util.invalidateTags(['Files']));
    } catch (error) {
      const text = uploadErrorText(t, error);
      update(uid, { state: 'failed', error: text });
      void message.error(text);
    }
  }

  function uploadAll(list: FileList | null): void {
    const chosen = list ? [...list] : [];
    const target = collection.trim();
    if (chosen.length === 0) return;
    if (target === '') {
      void message.error(t('upload.collectionRequired'));
      return;
    }
    for (const file of chosen) void uploadOne(file, target);
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    uploadAll(event.dataTransfer.files);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      inputRef.current?.click();
    }
  };

  return (
    <section aria-label={t('upload.heading')}>
      <Flex gap={16} wrap style={{ marginBottom: 12 }}>
        <label htmlFor={collectionId} style={{ flex: '1 1 260px' }}>
          <span style={{ display: 'block', marginBottom: 4 }}>{t('upload.collection')}</span>
          <AutoComplete
            id={collectionId}
            value={collection}
            onChange={(value: string) => setTypedCollection(value)}
            options={collections.map((name) => ({ value: name }))}
            placeholder={t('upload.collectionPlaceholder')}
            style={{ width: '100%' }}
            maxLength={200}
          />
        </label>
        <div role="group" aria-labelledby={languageId}>
          <span id={languageId} style={{ display: 'block', marginBottom: 4 }}>
            {t('upload.language')}
          </span>
          <Radio.Group
            optionType="button"
            value={language}
            onChange={(event) => setLanguage(event.target.value as UploadLanguage)}
            options={UPLOAD_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
          />
        </div>
      </Flex>
      <div
        role="button"
        tabIndex={0}
        aria-describedby={`${collectionId}-hint`}
        onClick={() => inputRef.current?.click()}
        onKeyDown={onKeyDown}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          border: `1px dashed ${dragging ? token.colorPrimary : token.colorBorder}`,
          borderRadius: token.borderRadiusLG,
          background: token.colorFillAlter,
          padding: 24,
          textAlign: 'center',
          cursor: 'pointer',
        }}
      >
        <InboxOutlined aria-hidden style={{ fontSize: 40, color: token.colorPrimary }} />
        <Typography.Paragraph strong style={{ margin: '8px 0 4px' }}>
          {t('upload.drop', { collection })}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" id={`${collectionId}-hint`} style={{ margin: 0 }}>
          {t('upload.hint', { size: formatFileSize(UPLOAD_LIMITS.maxFileBytes), formats: ALLOWED_UPLOAD_EXTENSIONS.join(' ') })}
        </Typography.Paragraph>
        <input
          ref={inputRef}
          type="file"
          multiple
          hidden
          data-testid="file-upload-input"
          accept={ALLOWED_UPLOAD_EXTENSIONS.join(',')}
          onChange={(event) => {
            uploadAll(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {uploads.length > 0 ? (
        <ul aria-label={t('upload.progressList')} style={{ listStyle: 'none', padding: 0, margin: '12px 0 0' }}>
          {uploads.map((item) => (
            <li key={item.uid} data-testid="upload-item" data-state={item.state} style={{ marginBottom: 8 }}>
              <Flex gap={8} align="center">
                {item.state === 'done' ? <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess }} /> : null}
                {item.state === 'failed' ? <CloseCircleFilled aria-hidden style={{ color: token.colorError }} /> : null}
                <Typography.Text ellipsis style={{ maxWidth: 320 }}>
                  {item.name}
                </Typography.Text>
                {item.state === 'failed' ? <Typography.Text type="danger">{item.error}</Typography.Text> : null}
                {item.state === 'done' ? <Typography.Text type="secondary">{t('upload.indexingNext')}</Typography.Text> : null}
              </Flex>
              {item.state === 'uploading' ? <Progress percent={item.percent} size="small" aria-label={t('upload.progressOf', { name: item.name })} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
