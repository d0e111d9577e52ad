import { Radio, Typography } from 'antd';
import { TEMPERATURE_OPTIONS } from '@pagemate/shared-contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The four answer styles of spec §9. Disabled until the chat exists: choosing one would change nothing yet,
 * so it is shown as a preview rather than pretending to work.
 */
export function TemperatureSelector() {
  const { t } = useTranslation('chatbot');
  const headingId = useId();
  const hintId = useId();

  return (
    <section aria-labelledby={headingId} style={{ marginTop: 24 }}>
      <Typography.Title level={2} id={headingId} style={{ fontSize: 20 }}>
        {t('temperature.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" id={hintId}>
        {t('temperature.hint')}
      </Typography.Paragraph>
      <Radio.Group disabled vertical aria-labelledby={headingId} aria-describedby={hintId}>
        {TEMPERATURE_OPTIONS.map((option) => (
          <Radio key={option.value} value={option.value}>
            <Typography.Text strong>{t(option.labelKey)}</Typography.Text>{' '}
            <Typography.Text type="secondary">
              ({t('temperature.value', { value: option.value })}) — {t(option.descriptionKey)}
            </Typography.Text>
          </Radio>
        ))}
      </Radio.Group>
    </section>
  );
}
