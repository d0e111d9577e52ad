import type { CollectionFile, FileRef } from '@pagemate/shared-contracts';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fileKey, fileOptions, fileRefOf } from './page-rows';

interface PageFilesSelectProps {
  collection: readonly CollectionFile[];
  value: readonly FileRef[];
  disabled: boolean;
  /** The accessible name: which page these files are for. */
  label: string;
  onChange: (files: FileRef[]) => void;
}

/** The files (grouped by collection) the bot of one page answers from. Each change is saved at once. */
export function PageFilesSelect({ collection, value, disabled, label, onChange }: PageFilesSelectProps) {
  const { t } = useTranslation('page-manager');
  const options = useMemo(() => fileOptions(collection, value), [collection, value]);
  return (
    <Select
      mode="multiple"
      aria-label={label}
      allowClear
      maxTagCount="responsive"
      style={{ minWidth: 200, width: '100%' }}
      placeholder={t('pages.filesPlaceholder')}
      notFoundContent={t('pages.noFiles')}
      disabled={disabled}
      value={value.map(fileKey)}
      options={options}
      onChange={(keys: string[]) => onChange(keys.map(fileRefOf).filter((file): file is FileRef => file !== null))}
    />
  );
}
