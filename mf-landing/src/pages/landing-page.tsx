import type { LandingThemeChoice } from '@pagemate/shared-contracts/plain';
import { useTranslation } from 'react-i18next';
import { ContactSection } from '../components/contact-section';
import { FaqSection } from '../components/faq-section';
import { Footer } from '../components/footer';
import { FrameworkSection } from '../components/framework-section';
import { Header } from '../components/header';
import { HeroSection } from '../components/hero-section';
import styles from '../components/landing.module.css';
import { ScrollToTop } from '../components/scroll-to-top';
import { ServicesSection } from '../components/services-section';
import { StatisticsSection } from '../components/statistics-section';
import { TestimonialsSection } from '../components/testimonials-section';
import { landingThemeVars } from '../theme/landing-theme';

/**
 * The public landing page (docs/product.md §2): header, the seven anchored sections, footer. Plain React and CSS, so
 * a first visit downloads no component library; the host passes the theme it should follow.
 */
export function LandingPage({ theme }: { theme: LandingThemeChoice }) {
  const { t } = useTranslation('landing-page');
  return (
    <div className={styles.landing} style={landingThemeVars(theme)}>
      <a href="#landing-main" className={styles.skipLink}>
        {t('skipToContent')}
      </a>
      <Header />
      <main id="landing-main" tabIndex={-1} className={styles.main}>
        <HeroSection />
        <ServicesSection />
        <StatisticsSection />
        <TestimonialsSection />
        <FrameworkSection />
        <FaqSection />
        <ContactSection />
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
