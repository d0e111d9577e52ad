import mammoth from 'mammoth';
import type { ParsedDocument } from '../parsed-document.ts';
import { htmlToSections } from './html-sections.ts';

/**
 * Images are never read: text is all we index, and an image's bytes could come from outside the package
 * (an `r:link` to a local path or URL). `externalFileAccess: false` is mammoth's default since 1.12.3; it is
 * spelled out so an upgrade or a copied options object cannot turn it on silently.
 */
const noImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

export async function parseDocx(bytes: Buffer): Promise<ParsedDocument> {
  // Through HTML rather than extractRawText so that Word headings become section titles.
  const result = await mammoth.convertToHtml({ buffer: bytes }, { externalFileAccess: false, convertImage: noImages });
  return htmlToSections(result.value);
}
