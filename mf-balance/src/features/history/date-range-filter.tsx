import { DatePicker, Flex, Typography } from 'antd';
import type { ComponentProps } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type RangeValue = ComponentProps<typeof DatePicker.RangePicker>['value'];
const CONTRACT_DAY = 'YYYY-MM-DD';

/** A day range (Vietnam calendar days, both included) sent as `from`/`to`; cleared, it sends neither. */
export function DateRangeFilter({ onChange }: { onChange(from: string | undefined, to: string | undefined): void }) {
  const { t } = useTranslation('balance');
  const id = useId();
  return (
    <Flex align="center" gap={8} wrap style={{ marginBottom: 12 }}>
      <Typography.Text id={`${id}-label`}>{t('filters.dateRange')}</Typography.Text>
      <DatePicker.RangePicker
        aria-labelledby={`${id}-label`}
        format="DD/MM/YYYY"
        placeholder={[t('filters.from'), t('filters.to')]}
        allowEmpty={[false, false]}
        style={{ maxWidth: '100%' }}
        onChange={(dates: RangeValue) => onChange(dates?.[0]?.format(CONTRACT_DAY), dates?.[1]?.format(CONTRACT_DAY))}
      />
    </Flex>
  );
}
