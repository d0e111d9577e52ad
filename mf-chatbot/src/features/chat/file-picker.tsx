import { LoadingOutlined } from '@ant-design/icons';
import { hrefOf, type CollectionFile, AppLink } from '@pagemate/shared-contracts';
import { Checkbox, Empty, Flex, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isIndexing } from '../../shared/use-collection-files';

interface FilePickerProps {
  files: CollectionFile[];
  selected: string[];
  onChange(selected: string[]): void;
}

/** Ready files grouped by collection; a collection's box picks all of its files. Indexing files are counted. */
export function FilePicker({ files, selected, onChange }: FilePickerProps) {
  const { t } = useTranslation('chatbot');
  const { token } = theme.useToken();
  const ready = files.filter((f) => (f.index_status ?? 'ready') === 'ready' && f.file_id);
  const indexing = files.filter(isIndexing).length;
  const groups = useMemo(() => {
    const byCollection = new Map<string, CollectionFile[]>();
    for (const file of ready) byCollection.set(file.collection_name, [...(byCollection.get(file.collection_name) ?? []), file]);
    return [...byCollection].sort(([a], [b]) => a.localeCompare(b, 'vi'));
  }, [ready]);
  const chosen = new Set(selected);
  const toggle = (ids: string[], on: boolean) => onChange(on ? [...new Set([...selected, ...ids])] : selected.filter((id) => !ids.includes(id)));

  return (
    <section data-testid="file-picker" aria-label={t('filePicker.heading')} style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: 12, marginBottom: 12 }}>
      <Typography.Title level={3} style={{ fontSize: 15, marginTop: 0 }}>
        {t('filePicker.heading')}
      </Typography.Title>
      {groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('filePicker.empty')}>
          <AppLink to={hrefOf('/user-dashboard/file-manager')}>{t('filePicker.goToFileManager')}</AppLink>
        </Empty>
      ) : (
        <div style={{ maxHeight: 240, overflowY: 'auto' }}>
          {groups.map(([collection, members]) => {
            const ids = members.map((f) => f.file_id ?? '');
            const count = ids.filter((id) => chosen.has(id)).length;
            return (
              <fieldset key={collection} style={{ border: 0, margin: '0 0 8px', padding: 0 }}>
                <legend style={{ fontSize: 14, margin: 0 }}>
                  <Checkbox checked={count === ids.length} indeterminate={count > 0 && count < ids.length} onChange={(e) => toggle(ids, e.target.checked)}>
                    <strong>{collection}</strong> <Typography.Text type="secondary">({members.length})</Typography.Text>
                  </Checkbox>
                </legend>
                <Flex vertical gap={2} style={{ paddingInlineStart: 24 }}>
                  {members.map((file) => (
                    <Checkbox key={file.file_id} checked={chosen.has(file.file_id ?? '')} onChange={(e) => toggle([file.file_id ?? ''], e.target.checked)}>
                      {file.file_name}
                    </Checkbox>
                  ))}
                </Flex>
              </fieldset>
            );
          })}
        </div>
      )}
      {indexing > 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
          <LoadingOutlined aria-hidden /> {t('filePicker.indexing', { count: indexing })}
        </Typography.Paragraph>
      ) : null}
    </section>
  );
}
