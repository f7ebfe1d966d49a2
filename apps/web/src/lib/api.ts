import { z } from 'zod';
import { ErrorEnvelope, ok } from '@apsara/contracts';
import { currentContentLanguage, i18n } from '../i18n';
import { clearSession, getToken } from './session';

export type ApiFieldError = { field: string; rule: string; message: string };

/** Every failed call surfaces as one of these: the server's code and message, or a client-side one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ApiFieldError[];
  readonly data: Record<string, unknown>;
  /**
   * The language the message is written in (the call's Accept-Language), so a message already on
   * screen can be put in another language after a switch (lib/server-errors `errorTextIn`).
   */
  readonly lang: string | undefined;

  constructor(init: { status: number; code: string; message: string; fields?: ApiFieldError[]; data?: Record<string, unknown>; lang?: string }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.data = init.data ?? {};
    this.lang = init.lang;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Client-side codes for failures that never reached a server envelope. */
export const CLIENT_ERROR = { NETWORK: 'NETWORK_ERROR', BAD_RESPONSE: 'BAD_RESPONSE' } as const;

const clientMessage = (key: 'network_error' | 'bad_response') => i18n.t(`auth:errors.${key}`);

/**
 * Turns any non-success HTTP response into an ApiError. Pure apart from the i18n fallback text, so it
 * is unit-tested directly.
 */
export const parseErrorBody = (status: number, body: unknown, lang?: string): ApiError => {
  const parsed = ErrorEnvelope.safeParse(body);
  if (parsed.success) {
    const { code, message, fields, data } = parsed.data;
    return new ApiError({ status, code, message, fields, data, lang });
  }
  return new ApiError({ status, code: CLIENT_ERROR.BAD_RESPONSE, message: clientMessage('bad_response') });
};

type Query = Record<string, string | number | boolean | undefined | null>;

/**
 * Whose token a call carries, and what ends it: the code the server answers a dead token with, and
 * what to forget then. Member calls use the member's session; the back office passes its operator's.
 */
export type RequestAuth = { token: () => string | null; expiredCode: string; onExpired: () => void };

const MEMBER_AUTH: RequestAuth = { token: getToken, expiredCode: 'NOT_LOGGED_IN', onExpired: clearSession };

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Schema of the whole JSON body on success. */
  response: z.ZodType<T>;
  signal?: AbortSignal;
  /** Another session than the member's (the back office's operator). */
  auth?: RequestAuth;
};

const withQuery = (path: string, query?: Query) => {
  if (!query) return path;
  const params = new URLSearchParams();
  Object.entries(query).forEach(([k, v]) => {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  });
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
};

const readJson = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const baseHeaders = (auth: RequestAuth, accept: string) => {
  const lang = currentContentLanguage();
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': lang };
  const token = auth.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  return { headers, token, lang };
};

/** The server's refusal as an ApiError; a dead token is forgotten so the next screen shows the signed-out view. */
const refusal = (auth: RequestAuth, token: string | null, lang: string, status: number, body: unknown) => {
  const error = parseErrorBody(status, body, lang);
  if (error.code === auth.expiredCode && token) auth.onExpired();
  return error;
};

/** The one fetch wrapper of the portal: base '' (same origin), token and language headers, zod-checked. */
export const apiRequest = async <T>(path: string, opts: RequestOptions<T>): Promise<T> => {
  const auth = opts.auth ?? MEMBER_AUTH;
  const { headers, token, lang } = baseHeaders(auth, 'application/json');
  // A FormData body (file uploads) sets its own multipart Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError({ status: 0, code: CLIENT_ERROR.NETWORK, message: clientMessage('network_error') });
  }

  const body = await readJson(res);
  const failed = !res.ok || (typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false);
  if (failed) throw refusal(auth, token, lang, res.status, body);

  const parsed = opts.response.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({ status: res.status, code: CLIENT_ERROR.BAD_RESPONSE, message: clientMessage('bad_response') });
  }
  return parsed.data;
};

/** For the usual `{success:true, value}` envelope: returns the parsed `value`. */
export const apiValue = async <T>(path: string, opts: Omit<RequestOptions<T>, 'response'> & { value: z.ZodType<T> }): Promise<T> => {
  const { value, ...rest } = opts;
  const body = await apiRequest(path, { ...rest, response: ok(value) as unknown as z.ZodType<{ value: T }> });
  return body.value;
};

/**
 * A file the server sends as bytes (a receipt image) with the same headers, for an object URL: an
 * <img src> could not carry the Authorization header. Failures are the server's envelope, as above.
 */
export const apiBlob = async (path: string, opts: { auth?: RequestAuth; signal?: AbortSignal } = {}): Promise<Blob> => {
  const auth = opts.auth ?? MEMBER_AUTH;
  const { headers, token, lang } = baseHeaders(auth, 'image/*, application/json');
  let res: Response;
  try {
    res = await fetch(path, { headers, signal: opts.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError({ status: 0, code: CLIENT_ERROR.NETWORK, message: clientMessage('network_error') });
  }
  if (!res.ok) throw refusal(auth, token, lang, res.status, await readJson(res));
  return res.blob();
};
