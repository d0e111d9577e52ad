import type { CSSProperties } from 'react';

/**
 * A link inside a sentence is underlined: its colour alone (the AA-dark primary) is too close to the body
 * text to set it apart (WCAG 1.4.1; axe's link-in-text-block wants 3:1 or a non-colour cue).
 */
export const INLINE_LINK: CSSProperties = { textDecoration: 'underline' };
