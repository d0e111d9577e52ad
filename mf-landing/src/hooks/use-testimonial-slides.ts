import { testimonialSlidesFor } from '@pagemate/shared-contracts/plain';
import { useSyncExternalStore } from 'react';

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * Testimonials to show side by side for the current window width, updated on resize. The snapshot is the
 * slide count, not the width, so the carousel re-renders only when a breakpoint is crossed.
 */
export function useTestimonialSlides(): number {
  return useSyncExternalStore(
    subscribeToResize,
    () => testimonialSlidesFor(window.innerWidth),
    () => testimonialSlidesFor(Number.POSITIVE_INFINITY),
  );
}
