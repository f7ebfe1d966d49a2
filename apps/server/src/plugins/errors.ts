import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorMessage, validationMessage, type ErrorCode, type Lang } from '@apsara/contracts';
import { AppError, type FieldIssue } from '../lib/app-error.js';

export type ValidationItem = { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> };

/**
 * One item per field: zod reports every key a strict object does not accept in one issue at the
 * object's path, which named the object ("(body)") instead of the keys the caller sent.
 */
const perField = (item: ValidationItem): ValidationItem[] => {
  const keys = item.keyword === 'unrecognized_keys' ? item.params?.keys : undefined;
  if (!Array.isArray(keys) || keys.length === 0) return [item];
  const base = item.instancePath.replace(/\/$/, '');
  return keys.map((key) => ({ keyword: item.keyword, instancePath: `${base}/${String(key)}` }));
};

const FIELD_RULE_TEXT: Record<string, Record<Lang, string>> = {
  type: { en: 'has the wrong type', cn: '类型不正确', km: 'ប្រភេទមិនត្រឹមត្រូវ' },
  tooLong: { en: 'is too long', cn: '过长', km: 'វែងពេក' },
  tooShort: { en: 'is too short', cn: '过短', km: 'ខ្លីពេក' },
  invalid: { en: 'is invalid', cn: '无效', km: 'មិនត្រឹមត្រូវ' },
  unknown: { en: 'is not accepted', cn: '不被接受', km: 'មិនត្រូវបានទទួលយក' },
};

/** A schema failure of one field, in the caller's words: which field, which rule. */
export const issueToField = (item: ValidationItem, lang: Lang): FieldIssue => {
  const field = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)';
  if (item.keyword === 'invalid_type' && /received undefined/.test(item.message ?? '')) {
    return { field, rule: 'required', message: validationMessage('inputEmpty', lang) };
  }
  const rule =
    item.keyword === 'invalid_type' ? 'type'
    : item.keyword === 'too_big' ? 'tooLong'
    : item.keyword === 'too_small' ? 'tooShort'
    : item.keyword === 'unrecognized_keys' ? 'unknown'
    : 'invalid';
  return { field, rule, message: `${field} ${FIELD_RULE_TEXT[rule][lang]}` };
};

/**
 * Logs what an operator needs of an error (type, message, code, stack) and nothing a driver attaches:
 * database errors carry the statement's parameters, which can hold password hashes and personal data.
 */
export const safeErrorSerializer = (err: Error & { code?: unknown; statusCode?: unknown }) => ({
  type: err?.constructor?.name ?? 'Error',
  message: err?.message ?? '',
  code: typeof err?.code === 'string' ? err.code : undefined,
  statusCode: typeof err?.statusCode === 'number' ? err.statusCode : undefined,
  stack: err?.stack ?? '',
});

const send = (reply: FastifyReply, status: number, code: ErrorCode, message: string, extra: { fields?: FieldIssue[]; data?: Record<string, unknown> } = {}) =>
  reply.status(status).send({ success: false, code, message, ...extra });

/** One error handler for the whole API: catalogue codes and localised messages out, internals never. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? 'en';
    if (err instanceof AppError) {
      const message = errorMessage(err.code, lang, err.args);
      // Services may name a field without wording; such a field carries the error's own message.
      const fields = err.extra.fields?.map((f) => (f.message ? f : { ...f, message }));
      return send(reply, err.status, err.code, message, { fields, data: err.extra.data });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // One entry per field: a value can break several rules at once ("1.234" fails the amount's format
      // and its range check), and the first is the one to fix.
      const all = err.validation.flatMap((v) => perField(v as ValidationItem)).map((v) => issueToField(v, lang));
      const fields = all.filter((f, i) => all.findIndex((g) => g.field === f.field) === i);
      return send(reply, 400, 'VALIDATION_FAILED', errorMessage('VALIDATION_FAILED', lang, [fields.map((f) => f.field).join(', ')]), { fields });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, route: request.routeOptions.url }, 'response failed its schema');
      return send(reply, 500, 'SYSTEM_ERROR', errorMessage('SYSTEM_ERROR', lang));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, 413, 'PAYLOAD_TOO_LARGE', errorMessage('PAYLOAD_TOO_LARGE', lang));
    if (err.statusCode === 429) return send(reply, 429, 'RATE_LIMITED', errorMessage('RATE_LIMITED', lang));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, say so without detail.
      return send(reply, err.statusCode, 'BAD_REQUEST', errorMessage('BAD_REQUEST', lang));
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, 'SYSTEM_ERROR', errorMessage('SYSTEM_ERROR', lang));
  });

  app.setNotFoundHandler((request, reply) => send(reply, 404, 'NOT_FOUND', errorMessage('NOT_FOUND', request.lang ?? 'en')));
};
