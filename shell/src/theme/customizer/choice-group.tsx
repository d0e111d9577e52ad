import { Flex, Radio, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_CHOICES, useAppDispatch, useAppSelector, type ThemeChoiceName } from '@pagemate/shared-contracts';
import { selectThemeSettings, themeChoiceSet } from '../theme-slice';

/** Menu and header share their option labels. */
const OPTION_LABELS: Partial<Record<ThemeChoiceName, string>> = {
  menuColour: 'surface',
  headerColour: 'surface',
  menuPosition: 'position',
  headerPosition: 'position',
};

/** One customizer choice (mode, direction, layout, a style…) as a group of radio buttons. */
export function ChoiceGroup({ name }: { name: ThemeChoiceName }) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const value = useAppSelector(selectThemeSettings)[name];
  const titleId = useId();
  const labels = OPTION_LABELS[name] ?? name;
  return (
    <Flex vertical gap={8} role="group" aria-labelledby={titleId} data-testid={`choice-${name}`}>
      <Typography.Text strong id={titleId}>
        {t(`customizer.sections.${name}`)}
      </Typography.Text>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        size="small"
        value={value}
        onChange={(event) => dispatch(themeChoiceSet({ name, value: event.target.value } as Parameters<typeof themeChoiceSet>[0]))}
        options={THEME_CHOICES[name].map((option) => ({ value: option, label: t(`customizer.options.${labels}.${option}`) }))}
        style={{ display: 'flex', flexWrap: 'wrap', rowGap: 6 }}
      />
    </Flex>
  );
}
