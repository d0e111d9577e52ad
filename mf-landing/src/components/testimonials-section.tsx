import { CaretRightOutlined, LeftOutlined, PauseOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Carousel, type CarouselRef } from 'antd';
import { TESTIMONIAL_CAROUSEL } from '@pagemate/shared-contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTestimonialSlides } from '../hooks/use-testimonial-slides';
import styles from './landing.module.css';
import { LandingSection } from './landing-section';

const TESTIMONIALS = ['fashion', 'cosmetics', 'food', 'furniture', 'agriculture', 'education'] as const;

/**
 * The `testimonials` anchor: an autoplaying carousel (spec §9: every 2500 ms; 1, 2 or 3 slides by width).
 * Moving content needs a way to stop it (WCAG 2.2.2), hence the pause button next to previous / next.
 */
export function TestimonialsSection() {
  const { t } = useTranslation('landing-page');
  const slidesToShow = useTestimonialSlides();
  const [playing, setPlaying] = useState(true);
  const carousel = useRef<CarouselRef>(null);

  return (
    <LandingSection id="testimonials" title={t('testimonials.title')} intro={t('testimonials.intro')} alt>
      <div role="group" aria-roledescription="carousel" aria-label={t('testimonials.carouselLabel')}>
        <Carousel
          // A new breakpoint remounts the slider, which recomputes its track cleanly.
          key={slidesToShow}
          ref={carousel}
          autoplay={playing}
          autoplaySpeed={TESTIMONIAL_CAROUSEL.autoplaySpeedMs}
          slidesToShow={slidesToShow}
          slidesToScroll={1}
          dots={false}
          infinite
        >
          {TESTIMONIALS.map((key) => (
            <div key={key} className={styles.slide}>
              <figure className={styles.testimonial}>
                <blockquote>
                  <p>“{t(`testimonials.items.${key}.quote`)}”</p>
                </blockquote>
                <figcaption>
                  <strong>{t(`testimonials.items.${key}.author`)}</strong>{' '}
                  <span>{t(`testimonials.items.${key}.place`)}</span>
                </figcaption>
              </figure>
            </div>
          ))}
        </Carousel>
        <div className={styles.carouselControls}>
          <Button shape="circle" icon={<LeftOutlined aria-hidden />} aria-label={t('testimonials.previous')} onClick={() => carousel.current?.prev()} />
          <Button
            icon={playing ? <PauseOutlined aria-hidden /> : <CaretRightOutlined aria-hidden />}
            onClick={() => setPlaying((value) => !value)}
          >
            {playing ? t('testimonials.pause') : t('testimonials.play')}
          </Button>
          <Button shape="circle" icon={<RightOutlined aria-hidden />} aria-label={t('testimonials.next')} onClick={() => carousel.current?.next()} />
        </div>
      </div>
    </LandingSection>
  );
}
