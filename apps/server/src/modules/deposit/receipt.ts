import { RECEIPT_MAX_BYTES } from '@apsara/contracts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * What an uploaded file really is, from its first bytes: the name and the declared type are the
 * sender's claims and are ignored. Undefined for anything but a PNG or a JPEG.
 */
export const sniffImage = (bytes: Buffer): 'image/png' | 'image/jpeg' | undefined => {
  if (bytes.length > PNG.length && bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.length > JPEG.length && bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return undefined;
};

export const RECEIPT_MAX_MB = RECEIPT_MAX_BYTES / (1024 * 1024);
