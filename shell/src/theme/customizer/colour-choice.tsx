import { Flex, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ColourSwatch } from './colour-swatch';
import { CustomColourInput } from './custom-colour-input';

interface ColourChoiceProps {
  /** Translation key of the section title. */
  titleKey: string;
  value: string | null;
  presets: readonly string[];
  onChange: (colour: string | null) => void;
  /** Offers "default" (null) before the presets. */
  withDefault?: boolean;
  testId: string;
}

/** Five preset colour swatches (and optionally the default), plus a custom six-digit hex entry. */
export function ColourChoice({ titleKey, value, presets, onChange, withDefault = false, testId }: ColourChoiceProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const title = t(titleKey);
  return (
    <Flex vertical gap={8} role="group" aria-labelledby={titleId} data-testid={testId}>
      <Typography.Text strong id={titleId}>
        {title}
      </Typography.Text>
      <Flex gap={10} wrap align="center">
        {withDefault ? (
          <ColourSwatch
            background="repeating-linear-gradient(45deg, #ffffff 0 4px, #d9d9d9 4px 8px)"
            label={t('customizer.colour.default')}
            selected={value === null}
            onSelect={() => onChange(null)}
          />
        ) : null}
        {presets.map((colour) => (
          <ColourSwatch
            key={colour}
            background={colour}
            label={t('customizer.colour.preset', { colour })}
            selected={value === colour}
            onSelect={() => onChange(colour)}
          />
        ))}
      </Flex>
      <CustomColourInput label={t('customizer.colour.custom', { what: title })} onApply={onChange} testId={`${testId}-custom`} />
    </Flex>
  );
}
