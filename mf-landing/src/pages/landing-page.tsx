import { useTranslation } from 'react-i18next';
import { ContactSection } from '../components/contact-section';
import { FaqSection } from '../components/faq-section';
import { Footer } from '../components/footer';
import { FrameworkSection } from '../components/framework-section';
import { Header } from '../components/header';
import { HeroSection } from '../components/hero-section';
import styles from '../components/landing.module.css';
import { ServicesSection } from '../components/services-section';
import { StatisticsSection } from '../components/statistics-section';
import { TestimonialsSection } from '../components/testimonials-section';
import { useLandingThemeVars } from '../hooks/use-landing-theme-vars';

/** The public landing page (spec §2): header, the seven anchored sections, footer. */
export function LandingPage() {
  const { t } = useTranslation('landing-page');
  const themeVars = useLandingThemeVars();
  return (
    <div className={styles.landing} style={themeVars}>
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
    </div>
  );
}
