import { BulbOutlined, EditOutlined } from '@ant-design/icons';
import type { MarketingFlow } from '@pagemate/shared-contracts';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The marketing chat's two ways in (docs/product.md §1): I have an idea → SEO article; I have no idea → ideas first. */
export function MarketingStart({ onChoose }: { onChoose(flow: MarketingFlow): void }) {
  const { t } = useTranslation('chatbot');
  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Paragraph strong>{t('marketing.choose')}</Typography.Paragraph>
      <Flex gap={8} wrap>
        <Button icon={<EditOutlined aria-hidden />} onClick={() => onChoose('idea')}>
          {t('marketing.idea')}
        </Button>
        <Button icon={<BulbOutlined aria-hidden />} onClick={() => onChoose('no_idea')}>
          {t('marketing.noIdea')}
        </Button>
      </Flex>
    </div>
  );
}
