import { Radio, Typography } from 'antd';
import { TEMPERATURE_OPTIONS } from '@pagemate/shared-contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface TemperatureSelectorProps {
  value: number;
  onChange(value: number): void;
  disabled?: boolean;
}

/** The four answer styles of docs/product.md §9, each with its temperature and what it means. */
export function TemperatureSelector({ value, onChange, disabled }: TemperatureSelectorProps) {
  const { t } = useTranslation('chatbot');
  const headingId = useId();
  const hintId = useId();

  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId} style={{ fontSize: 16, marginTop: 0 }}>
        {t('temperature.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" id={hintId}>
        {t('temperature.hint')}
      </Typography.Paragraph>
      <Radio.Group
        vertical
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as number)}
        aria-labelledby={headingId}
        aria-describedby={hintId}
      >
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
