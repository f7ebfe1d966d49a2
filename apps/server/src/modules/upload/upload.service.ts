import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isTrialType, RECEIPT_MAX_BYTES, UPLOAD_FIELD } from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Database } from '../../db/database.js';
import type { AuthContext } from '../session/session.service.js';
import { RECEIPT_MAX_MB, sniffImage } from '../deposit/receipt.js';

/** One image and nothing else: a second file is seen (so the error names the rule), then refused. */
const LIMITS = { fileSize: RECEIPT_MAX_BYTES, files: 2, fields: 2, parts: 4, fieldSize: 256, fieldNameSize: 64, headerPairs: 20 };

/**
 * Errors of the multipart parser in the catalogue's words: `tooLarge` and `tooMany` name the file
 * rules of the form at hand; anything else the parser throws is a malformed body.
 */
export const multipartError = (e: unknown, codes: { tooLarge: 'UPLOAD_TOO_LARGE' | 'RECEIPT_TOO_LARGE'; tooMany: 'UPLOAD_ONE_FILE' | 'RECEIPT_ONE_FILE' }) => {
  if (e instanceof AppError) return e;
  const code = (e as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(codes.tooLarge, [RECEIPT_MAX_MB]);
  if (code === 'FST_FILES_LIMIT') return new AppError(codes.tooMany);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('PAYLOAD_TOO_LARGE');
  return new AppError('BAD_REQUEST');
};

/** Reads the single image part `file` of a multipart request. */
export const readImage = async (req: FastifyRequest): Promise<Buffer> => {
  if (!req.isMultipart()) throw new AppError('MULTIPART_REQUIRED');
  let image: Buffer | undefined;
  try {
    for await (const part of req.parts({ limits: LIMITS })) {
      if (part.type !== 'file' || part.fieldname !== UPLOAD_FIELD) {
        throw new AppError('VALIDATION_FAILED', [part.fieldname], { fields: [{ field: part.fieldname, rule: 'unrecognized', message: '' }] });
      }
      const bytes = await part.toBuffer();
      if (bytes.length === 0) continue;
      if (image) throw new AppError('UPLOAD_ONE_FILE');
      image = bytes;
    }
  } catch (e) {
    throw multipartError(e, { tooLarge: 'UPLOAD_TOO_LARGE', tooMany: 'UPLOAD_ONE_FILE' });
  }
  if (!image) throw new AppError('UPLOAD_REQUIRED', [], { fields: [{ field: UPLOAD_FIELD, rule: 'required', message: '' }] });
  return image;
};

/**
 * Images a member uploads ahead of the form that uses them (withdrawal proofs). Stored in
 * PostgreSQL like receipts; typed by their own bytes; served back only to the owner and operators.
 */
export const uploadService = (db: Database) => {
  /** Trial accounts have nothing to prove: refused before the body is read. */
  const mayUpload = (auth: AuthContext) => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
  };
  const store = async (merchantId: bigint, auth: AuthContext, bytes: Buffer) => {
    mayUpload(auth);
    const contentType = sniffImage(bytes);
    if (!contentType) throw new AppError('UPLOAD_TYPE_INVALID', [], { fields: [{ field: UPLOAD_FIELD, rule: 'type', message: '' }] });
    const id = randomUUID();
    await db
      .insertInto('uploads')
      .values({ id, merchant_id: merchantId, member_id: auth.memberId, content_type: contentType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), bytes })
      .execute();
    return { id, contentType, size: bytes.length };
  };
  return { mayUpload, store };
};
export type UploadService = ReturnType<typeof uploadService>;
