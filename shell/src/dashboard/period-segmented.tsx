import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

/** The periods the dashboards offer, in days (the series endpoints allow 7–365). */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type Period = (typeof DASHBOARD_PERIODS)[number];

/** 7 / 30 / 90 days, labelled for screen readers. */
export function PeriodSegmented({ value, onChange }: { value: Period; onChange(value: Period): void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Segmented<Period>
      aria-label={t('period.label')}
      value={value}
      onChange={onChange}
      options={DASHBOARD_PERIODS.map((days) => ({ value: days, label: t('period.days', { days }) }))}
    />
  );
}
