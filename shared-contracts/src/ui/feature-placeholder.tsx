import { ToolOutlined } from '@ant-design/icons';
import { Result, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The titled "being built" panel every remote shows for a page whose feature is not built yet.
 * The title is the page's h1 (translated by the remote); the rest comes from the shell's `common` namespace,
 * so every placeholder in the product says the same thing in the current language.
 */
export function FeaturePlaceholder({ title }: { title: string }) {
  const { t, i18n } = useTranslation('common');
  const badge = i18n.exists('beingBuilt.title', { ns: 'common' }) ? t('beingBuilt.title') : null;

  return (
    <Result
      status="info"
      icon={<ToolOutlined aria-hidden />}
      title={<h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{title}</h1>}
      subTitle={
        <p style={{ margin: 0 }}>
          {badge ? (
            <Tag color="processing" style={{ marginInlineEnd: 8 }}>
              {badge}
            </Tag>
          ) : null}
          {t('beingBuilt.description')}
        </p>
      }
    />
  );
}
