import { describe, expect, it } from 'vitest';
import { checkImageFile, formatFileSize, MAX_IMAGE_BYTES, sniffImageType, validateImageFile } from './image-file';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG_HEAD = [0xff, 0xd8, 0xff, 0xe0];

describe('receipt and proof images (png or jpg, under 5 MB)', () => {
  it('checks the declared type and the size', () => {
    expect(checkImageFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe('size');
    expect(checkImageFile({ type: 'image/gif', size: 1000 })).toBe('type');
    expect(checkImageFile({ type: 'application/pdf', size: 1000 })).toBe('type');
    expect(checkImageFile({ type: 'image/png', size: 0 })).toBe('empty');
  });

  it('knows PNG and JPEG by their first bytes', () => {
    expect(sniffImageType(new Uint8Array(PNG_HEAD))).toBe('image/png');
    expect(sniffImageType(new Uint8Array(JPG_HEAD))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0x4d, 0x5a, 0x90, 0x00]))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x89, 0x50]))).toBeNull();
  });

  it('refuses a file named .png whose bytes are something else', async () => {
    const real = new File([new Uint8Array([...PNG_HEAD, 0, 0])], 'r.png', { type: 'image/png' });
    const fake = new File([new TextEncoder().encode('MZ not an image')], 'fake.png', { type: 'image/png' });
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect(await validateImageFile(real)).toBeNull();
    expect(await validateImageFile(fake)).toBe('type');
    expect(await validateImageFile(big)).toBe('size');
  });

  it('captions sizes', () => {
    expect(formatFileSize(300)).toBe('1 KB');
    expect(formatFileSize(830 * 1024)).toBe('830 KB');
    expect(formatFileSize(4.2 * 1024 * 1024)).toBe('4.2 MB');
  });
});
