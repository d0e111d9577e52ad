import { Alert, Card, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_COLLECTIONS, CollectionFilter } from '../features/documents/collection-filter';
import { FilesTable } from '../features/documents/files-table';
import { UploadPanel } from '../features/documents/upload-panel';
import { useCollectionFiles } from '../shared/use-collection-files';
import { useUserId } from '@pagemate/shared-contracts';

/** Documents and collections the chatbots answer from; the same page serves users and partners. */
export function FileManagerPage() {
  const { t } = useTranslation('chatbot');
  const userId = useUserId();
  const { files, isLoading, anyIndexing } = useCollectionFiles(userId);
  const [collection, setCollection] = useState(ALL_COLLECTIONS);

  const collections = useMemo(() => {
    const counts = new Map<string, number>();
    for (const file of files) counts.set(file.collection_name, (counts.get(file.collection_name) ?? 0) + 1);
    return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name, 'vi'));
  }, [files]);
  const shown = collection === ALL_COLLECTIONS ? files : files.filter((f) => f.collection_name === collection);

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('fileManager.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('fileManager.description')}</Typography.Paragraph>
      {userId ? (
        <>
          <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('upload.heading')}</h2>} style={{ marginBottom: 16 }}>
            <UploadPanel userId={userId} files={files} />
          </Card>
          <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('files.heading')}</h2>}>
            {anyIndexing ? <Alert type="info" showIcon title={t('files.indexingNotice')} style={{ marginBottom: 12 }} /> : null}
            <CollectionFilter userId={userId} collections={collections} value={collection} onChange={setCollection} />
            <FilesTable userId={userId} files={shown} loading={isLoading} />
          </Card>
        </>
      ) : (
        <Alert type="info" showIcon title={t('fileManager.signInFirst')} />
      )}
    </>
  );
}
