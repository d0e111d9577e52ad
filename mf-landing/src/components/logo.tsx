import styles from './landing.module.css';

/** PageMate's mark (a speech bubble: the bot that answers) and word mark. */
export function Logo() {
  return (
    <>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--landing-accent, #0958d9)" />
        <path d="M8 10.5A2.5 2.5 0 0 1 10.5 8h11A2.5 2.5 0 0 1 24 10.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4.5 4v-4A2.5 2.5 0 0 1 8 17.5z" fill="#fff" />
        <circle cx="12.5" cy="14" r="1.5" fill="var(--landing-accent, #0958d9)" />
        <circle cx="16" cy="14" r="1.5" fill="var(--landing-accent, #0958d9)" />
        <circle cx="19.5" cy="14" r="1.5" fill="var(--landing-accent, #0958d9)" />
      </svg>
      <span className={styles.logoText}>PageMate</span>
    </>
  );
}
