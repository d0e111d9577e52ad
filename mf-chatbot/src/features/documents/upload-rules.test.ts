import { ALLOWED_UPLOAD_EXTENSIONS, UPLOAD_LIMITS } from '@pagemate/shared-contracts';
import { describe, expect, it } from 'vitest';
import { extensionOf, uploadRefusal } from './upload-rules';

describe('uploadRefusal', () => {
  it('accepts every allowed extension in any case, and refuses the others', () => {
    for (const extension of ALLOWED_UPLOAD_EXTENSIONS) {
      expect(uploadRefusal({ name: `a${extension.toUpperCase()}`, size: 1 }, 'C', [])).toBeNull();
    }
    for (const name of ['setup.exe', 'photo.png', 'archive.zip', 'noextension', '.docx', 'report.docx.exe']) {
      expect(uploadRefusal({ name, size: 1 }, 'C', [])).toBe('invalidFormat');
    }
  });

  it('refuses a file over the size limit and a name already in the same collection', () => {
    expect(uploadRefusal({ name: 'a.txt', size: UPLOAD_LIMITS.maxFileBytes }, 'C', [])).toBeNull();
    expect(uploadRefusal({ name: 'a.txt', size: UPLOAD_LIMITS.maxFileBytes + 1 }, 'C', [])).toBe('tooLarge');
    const existing = [{ collection_name: 'C', file_name: 'a.txt' }];
    expect(uploadRefusal({ name: 'a.txt', size: 1 }, ' C ', existing)).toBe('duplicate');
    expect(uploadRefusal({ name: 'a.txt', size: 1 }, 'Other', existing)).toBeNull();
  });

  it('reads the extension after the last dot', () => {
    expect(extensionOf('Báo Giá.v2.DOCX')).toBe('.docx');
    expect(extensionOf('Makefile')).toBe('');
  });
});
