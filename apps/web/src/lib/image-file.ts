import { RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES } from '@apsara/contracts';

/*
 * Receipts and proof images (spec §5, §9): png or jpg, each under 5 MB, at most 3 where several are
 * allowed. The server decides by the file's own bytes; the browser checks the same before uploading
 * so a wrong file is refused at once, with the reason.
 */

export type ImageProblem = 'type' | 'size' | 'empty';

/** The server's limit: at most 5 × 1024 × 1024 bytes. */
export const MAX_IMAGE_BYTES = RECEIPT_MAX_BYTES;

/** The quick check on what the browser says about the file. */
export const checkImageFile = (file: { type: string; size: number }): ImageProblem | null => {
  if (file.size === 0) return 'empty';
  if (!(RECEIPT_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
};

/** What the first bytes say the file is: PNG and JPEG signatures only. */
export const sniffImageType = (head: Uint8Array): 'image/png' | 'image/jpeg' | null => {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((b, i) => head[i] === b)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
};

/** Both checks: the declared type and size, then the bytes (a renamed .exe is not a photo). */
export const validateImageFile = async (file: File): Promise<ImageProblem | null> => {
  const quick = checkImageFile(file);
  if (quick) return quick;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return sniffImageType(head) ? null : 'type';
};

/** "4.2 MB" / "830 KB" for the picker's caption. */
export const formatFileSize = (bytes: number): string => {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
};
