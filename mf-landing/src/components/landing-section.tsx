import type { ReactNode } from 'react';
import type { LandingSectionId } from '../landing-sections';
import styles from './landing.module.css';

interface LandingSectionProps {
  id: LandingSectionId;
  title: string;
  intro: string;
  /** Tinted background, to set sections apart. */
  alt?: boolean;
  children: ReactNode;
}

/** A landing section: its anchor, an h2 that names the region, a one-line intro and its content. */
export function LandingSection({ id, title, intro, alt = false, children }: LandingSectionProps) {
  const titleId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className={alt ? `${styles.section} ${styles.sectionAlt}` : styles.section}>
      <div className={styles.container}>
        <div className={styles.sectionHeader}>
          <h2 id={titleId}>{title}</h2>
          <p>{intro}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
