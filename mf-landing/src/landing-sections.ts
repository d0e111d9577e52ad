/** The landing page's anchors (docs/product.md §2), in page order; the header and footer link to each. */
export const LANDING_SECTIONS = ['home', 'services', 'statistics', 'testimonials', 'framework', 'faq', 'contact'] as const;
export type LandingSectionId = (typeof LANDING_SECTIONS)[number];
