import { ReloadOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { THEME_BACKGROUND_PRESETS, THEME_PRIMARY_PRESETS, useAppDispatch, useAppSelector, type ThemeChoiceName } from '@pagemate/shared-contracts';
import { backgroundColourSet, primaryColourSet, selectThemeSettings, themeReset } from '../theme-slice';
import { BackgroundImageChoice } from './background-image-choice';
import { ChoiceGroup } from './choice-group';
import { ColourChoice } from './colour-choice';

const LAYOUT_CHOICES: ThemeChoiceName[] = ['mode', 'direction', 'navLayout', 'navStyle', 'verticalStyle', 'pageStyle', 'width', 'menuPosition', 'headerPosition'];
const COLOUR_CHOICES: ThemeChoiceName[] = ['menuColour', 'headerColour'];

/** Every theme choice of docs/product.md §4 in one drawer; each applies at once and is saved; Reset returns to the defaults. */
export function ThemeCustomizerDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectThemeSettings);
  return (
    <Drawer
      title={t('customizer.title')}
      open={open}
      onClose={onClose}
      size={380}
      data-testid="theme-customizer"
      footer={
        <Flex gap={8}>
          <Button block icon={<ReloadOutlined />} onClick={() => dispatch(themeReset())} data-testid="theme-reset">
            {t('customizer.reset')}
          </Button>
          <Button block type="primary" onClick={onClose} data-testid="theme-done">
            {t('customizer.done')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={18}>
        {LAYOUT_CHOICES.map((name) => (
          <ChoiceGroup key={name} name={name} />
        ))}
        <Divider style={{ margin: 0 }} />
        {COLOUR_CHOICES.map((name) => (
          <ChoiceGroup key={name} name={name} />
        ))}
        <ColourChoice
          titleKey="customizer.sections.primaryColour"
          value={settings.primaryColour}
          presets={THEME_PRIMARY_PRESETS}
          onChange={(colour) => colour && dispatch(primaryColourSet(colour))}
          testId="choice-primaryColour"
        />
        <ColourChoice
          titleKey="customizer.sections.backgroundColour"
          value={settings.backgroundColour}
          presets={THEME_BACKGROUND_PRESETS}
          onChange={(colour) => dispatch(backgroundColourSet(colour))}
          withDefault
          testId="choice-backgroundColour"
        />
        <BackgroundImageChoice />
      </Flex>
    </Drawer>
  );
}
