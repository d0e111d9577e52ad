import { CaretRightOutlined, LeftOutlined, PauseOutlined, RightOutlined } from '@ant-design/icons-svg';
import { TESTIMONIAL_CAROUSEL } from '@pagemate/shared-contracts/plain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTestimonialSlides } from '../hooks/use-testimonial-slides';
import styles from './landing.module.css';
import { LandingSection } from './landing-section';
import { SvgIcon } from './svg-icon';

const TESTIMONIALS = ['fashion', 'cosmetics', 'food', 'furniture', 'agriculture', 'education'] as const;

/**
 * The `testimonials` anchor: an autoplaying carousel (docs/product.md §9: every 2500 ms; 1, 2 or 3 slides by width)
 * that wraps around. Moving content needs a way to stop it (WCAG 2.2.2), hence the pause button next to
 * previous / next; it also holds still while the pointer or keyboard focus is on it.
 */
export function TestimonialsSection() {
  const { t } = useTranslation('landing-page');
  const slidesToShow = useTestimonialSlides();
  const [first, setFirst] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState(false);
  const step = (by: number) => setFirst((index) => (index + by + TESTIMONIALS.length) % TESTIMONIALS.length);

  useEffect(() => {
    if (!playing || held) return;
    const timer = window.setInterval(() => step(1), TESTIMONIAL_CAROUSEL.autoplaySpeedMs);
    return () => window.clearInterval(timer);
  }, [playing, held]);

  const shown = Array.from({ length: Math.min(slidesToShow, TESTIMONIALS.length) }, (_, i) => (first + i) % TESTIMONIALS.length);
  return (
    <LandingSection id="testimonials" title={t('testimonials.title')} intro={t('testimonials.intro')} alt>
      <div
        role="group"
        aria-roledescription="carousel"
        aria-label={t('testimonials.carouselLabel')}
        onPointerEnter={() => setHeld(true)}
        onPointerLeave={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
        }}
      >
        <div className={styles.slides} style={{ gridTemplateColumns: `repeat(${shown.length}, minmax(0, 1fr))` }} aria-live={playing ? 'off' : 'polite'}>
          {shown.map((index, position) => {
            const key = TESTIMONIALS[index] ?? TESTIMONIALS[0];
            return (
              <div
                key={`${key}-${first}`}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={t('testimonials.slideLabel', { number: index + 1, total: TESTIMONIALS.length })}
                data-slide-index={index}
                data-slide-position={position}
              >
                <figure className={styles.testimonial}>
                  <blockquote>
                    <p>“{t(`testimonials.items.${key}.quote`)}”</p>
                  </blockquote>
                  <figcaption>
                    <strong>{t(`testimonials.items.${key}.author`)}</strong> <span>{t(`testimonials.items.${key}.place`)}</span>
                  </figcaption>
                </figure>
              </div>
            );
          })}
        </div>
        <div className={styles.carouselControls}>
          <button type="button" className={styles.roundButton} aria-label={t('testimonials.previous')} onClick={() => step(-1)}>
            <SvgIcon icon={LeftOutlined} />
          </button>
          <button type="button" className={styles.outlineButton} onClick={() => setPlaying((value) => !value)}>
            <SvgIcon icon={playing ? PauseOutlined : CaretRightOutlined} />
            {playing ? t('testimonials.pause') : t('testimonials.play')}
          </button>
          <button type="button" className={styles.roundButton} aria-label={t('testimonials.next')} onClick={() => step(1)}>
            <SvgIcon icon={RightOutlined} />
          </button>
        </div>
      </div>
    </LandingSection>
  );
}
