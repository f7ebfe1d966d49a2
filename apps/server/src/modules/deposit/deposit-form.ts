import type { FastifyRequest } from 'fastify';
import { DepositBankFields, errorMessage, RECEIPT_FIELD, RECEIPT_MAX_BYTES, type Lang } from '@apsara/contracts';
import { AppError, type FieldIssue } from '../../lib/app-error.js';
import { issueToField } from '../../plugins/errors.js';
import { multipartError } from '../upload/upload.service.js';

const TEXT_FIELDS = Object.keys(DepositBankFields.shape);

/**
 * Busboy limits for the deposit form: one receipt (a second file part is seen, then refused by us,
 * so the error names the rule), a handful of short text fields, nothing else.
 */
const LIMITS = { fileSize: RECEIPT_MAX_BYTES, files: 2, fields: TEXT_FIELDS.length + 2, parts: TEXT_FIELDS.length + 4, fieldSize: 1024, fieldNameSize: 64, headerPairs: 20 };

const invalid = (fields: FieldIssue[], lang: Lang) =>
  new AppError('VALIDATION_FAILED', [fields.map((f) => f.field).join(', ')], { fields: fields.map((f) => ({ ...f, message: f.message || errorMessage('VALIDATION_FAILED', lang, [f.field]) })) });

/**
 * Reads POST /wps/v2/deposit/bank. fastify-type-provider-zod cannot validate a multipart body, so
 * the parts are read here and every text field is checked with the contract's own schema; the file
 * is only collected (what it is gets decided by its bytes, in the service).
 */
export const readDepositForm = async (req: FastifyRequest): Promise<{ fields: DepositBankFields; receipt: Buffer }> => {
  if (!req.isMultipart()) throw new AppError('MULTIPART_REQUIRED');
  const values: Record<string, string> = {};
  const issues: FieldIssue[] = [];
  let receipt: Buffer | undefined;
  try {
    for await (const part of req.parts({ limits: LIMITS })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== RECEIPT_FIELD) {
          issues.push(issueToField({ keyword: 'unrecognized_keys', instancePath: `/${part.fieldname}` }, req.lang));
          continue;
        }
        // A browser sends an empty part when no file was chosen: that is no file.
        if (bytes.length === 0) continue;
        if (receipt) throw new AppError('RECEIPT_ONE_FILE');
        receipt = bytes;
        continue;
      }
      const name = part.fieldname;
      if (part.valueTruncated) {
        issues.push(issueToField({ keyword: 'too_big', instancePath: `/${name}` }, req.lang));
        continue;
      }
      if (Object.hasOwn(values, name)) {
        issues.push({ field: name, rule: 'duplicate', message: '' });
        continue;
      }
      values[name] = String(part.value);
    }
  } catch (e) {
    throw multipartError(e, { tooLarge: 'RECEIPT_TOO_LARGE', tooMany: 'RECEIPT_ONE_FILE' });
  }

  const parsed = DepositBankFields.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) issues.push(issueToField({ keyword: 'unrecognized_keys', instancePath: `/${key}` }, req.lang));
      } else {
        issues.push(issueToField({ keyword: issue.code, instancePath: `/${issue.path.join('/')}`, message: issue.message }, req.lang));
      }
    }
  }
  if (issues.length > 0) {
    if (!receipt) issues.push({ field: RECEIPT_FIELD, rule: 'required', message: errorMessage('RECEIPT_REQUIRED', req.lang) });
    throw invalid(issues, req.lang);
  }
  if (!receipt) throw new AppError('RECEIPT_REQUIRED', [], { fields: [{ field: RECEIPT_FIELD, rule: 'required', message: '' }] });
  return { fields: parsed.data!, receipt };
};
