import type { CollectionFile, FileRef } from '@pagemate/shared-contracts';
import { Flex, Select, Typography } from 'antd';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fileKey, fileOptions, fileRefOf } from './page-rows';

interface PageFilesSelectProps {
  collection: readonly CollectionFile[];
  value: readonly FileRef[];
  /** The accessible name: which page these files are for. */
  label: string;
  onChange: (files: FileRef[]) => void;
}

/**
 * The files (grouped by collection) the bot of one page answers from — those alone. Each change is saved at once;
 * the dropdown stays open while it saves, so several files are picked in a row.
 * With none chosen, a notice says the bot answers from the page's config only.
 */
export function PageFilesSelect({ collection, value, label, onChange }: PageFilesSelectProps) {
  const { t } = useTranslation('page-manager');
  const noticeId = useId();
  const options = useMemo(() => fileOptions(collection, value), [collection, value]);
  const none = value.length === 0;
  return (
    <Flex vertical gap={4}>
      <Select
        mode="multiple"
        aria-label={label}
        aria-describedby={none ? noticeId : undefined}
        allowClear
        maxTagCount="responsive"
        style={{ minWidth: 200, width: '100%' }}
        placeholder={t('pages.filesPlaceholder')}
        notFoundContent={t('pages.noFiles')}
        value={value.map(fileKey)}
        options={options}
        onChange={(keys: string[]) => onChange(keys.map(fileRefOf).filter((file): file is FileRef => file !== null))}
      />
      {none ? (
        <Typography.Text id={noticeId} type="secondary" style={{ fontSize: 12 }} data-testid="no-files-notice">
          {t('pages.noFilesChosen')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
