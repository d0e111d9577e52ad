import { Flex, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_BACKGROUND_IMAGES, useAppDispatch, useAppSelector } from '@pagemate/shared-contracts';
import { BACKGROUND_IMAGE_CSS } from '../background-images';
import { selectThemeSettings, themeChoiceSet } from '../theme-slice';
import { ColourSwatch } from './colour-swatch';

/** The five background images (or none) as small previews. */
export function BackgroundImageChoice() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const chosen = useAppSelector(selectThemeSettings).backgroundImage;
  const titleId = useId();
  return (
    <Flex vertical gap={8} role="group" aria-labelledby={titleId} data-testid="choice-backgroundImage">
      <Typography.Text strong id={titleId}>
        {t('customizer.sections.backgroundImage')}
      </Typography.Text>
      <Flex gap={10} wrap>
        {THEME_BACKGROUND_IMAGES.map((image) => (
          <ColourSwatch
            key={image}
            shape="tile"
            background={BACKGROUND_IMAGE_CSS[image]}
            label={t(`customizer.images.${image}`)}
            selected={chosen === image}
            onSelect={() => dispatch(themeChoiceSet({ name: 'backgroundImage', value: image }))}
          />
        ))}
      </Flex>
    </Flex>
  );
}
