/**
 * The address the contact section shows and copies. docs/product.md names no address; this one is a placeholder
 * to be replaced by the provider's real support mailbox before launch.
 */
export const CONTACT_EMAIL = 'support@pagemate.vn';
