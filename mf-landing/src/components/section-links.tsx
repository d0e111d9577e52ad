import { useTranslation } from 'react-i18next';
import { LANDING_SECTIONS } from '../landing-sections';

/** Links to every section anchor, for the header and the footer navigation. */
export function SectionLinks() {
  const { t } = useTranslation('landing-page');
  return (
    <ul>
      {LANDING_SECTIONS.map((id) => (
        <li key={id}>
          <a href={`#${id}`}>{t(`header.sections.${id}`)}</a>
        </li>
      ))}
    </ul>
  );
}
