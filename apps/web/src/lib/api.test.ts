import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TOKEN_STORAGE_KEY } from '@apsara/contracts';
import { MemoryStorage } from './memory-storage.test-helper';

const storage = new MemoryStorage();
vi.stubGlobal('sessionStorage', storage);

const { ApiError, CLIENT_ERROR, apiBlob, apiRequest, apiValue, parseErrorBody } = await import('./api');
const session = await import('./session');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('parseErrorBody', () => {
  it('reads code, message, fields and data from the error envelope', () => {
    const e = parseErrorBody(400, {
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Some fields are invalid: username',
      fields: [{ field: 'username', rule: 'pattern', message: 'Please enter 4 - 16 characters' }],
      data: { captchaRequired: true },
    });
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Some fields are invalid: username' });
    expect(e.fields).toEqual([{ field: 'username', rule: 'pattern', message: 'Please enter 4 - 16 characters' }]);
    expect(e.data.captchaRequired).toBe(true);
  });

  it('defaults fields and data to empty', () => {
    const e = parseErrorBody(429, { success: false, code: 'TOO_MANY_REQUESTS', message: 'Too many requests' });
    expect(e.fields).toEqual([]);
    expect(e.data).toEqual({});
    expect(e.status).toBe(429);
  });

  it('turns a body that is not an envelope (a proxy error page) into BAD_RESPONSE', () => {
    const e = parseErrorBody(502, undefined);
    expect(e.code).toBe(CLIENT_ERROR.BAD_RESPONSE);
    expect(e.status).toBe(502);
    expect(e.message).not.toBe('');
  });
});

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    storage.clear();
    session.reloadSession();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.stubGlobal('sessionStorage', storage);
  });

  it('sends the bearer token and language, and returns the parsed value', async () => {
    session.setToken('tok123');
    fetchMock.mockResolvedValue(json(200, { success: true, value: { n: 1 } }));
    const value = await apiValue('/wps/x', { query: { a: 'b', skip: undefined }, value: z.object({ n: z.number() }) });
    expect(value).toEqual({ n: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/wps/x?a=b');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok123');
    expect(['km', 'en', 'cn']).toContain(headers['Accept-Language']);
  });

  it('remembers the language a refusal is written in (the one the call asked for)', async () => {
    fetchMock.mockResolvedValue(json(400, { success: false, code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' }));
    const refused = await apiValue('/wps/z', { value: z.null() }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    const asked = (fetchMock.mock.calls[0][1]?.headers as Record<string, string>)['Accept-Language'];
    expect((refused as InstanceType<typeof ApiError>).lang).toBe(asked);
    expect(parseErrorBody(400, { success: false, code: 'X', message: 'x' }, 'cn').lang).toBe('cn');
  });

  it('sends JSON bodies with their content type', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, value: null }));
    await apiValue('/wps/y', { method: 'POST', body: { a: 1 }, value: z.null() });
    const init = fetchMock.mock.calls[0][1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('sends FormData as it is, leaving the multipart Content-Type (with its boundary) to fetch', async () => {
    session.setToken('tok123');
    fetchMock.mockResolvedValue(json(200, { success: true, value: { id: 'u1' } }));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'a.png');
    await apiValue('/wps/v2/uploads', { method: 'POST', body: form, value: z.object({ id: z.string() }) });
    const init = fetchMock.mock.calls[0][1];
    expect(init?.body).toBe(form);
    const headers = init?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer tok123');
  });

  it('throws ApiError with the server status and code', async () => {
    fetchMock.mockResolvedValue(json(401, { success: false, code: 'ACCOUNT_OR_PASSWORD_WRONG', message: 'Account or password is wrong', data: { captchaRequired: true } }));
    const error = await apiRequest('/wps/session/login', { method: 'POST', body: {}, response: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'ACCOUNT_OR_PASSWORD_WRONG', data: { captchaRequired: true } });
  });

  it('clears the session on 401 NOT_LOGGED_IN', async () => {
    storage.setItem('merchantCode', 'APSARA');
    session.setToken('dead');
    fetchMock.mockResolvedValue(json(401, { success: false, code: 'NOT_LOGGED_IN', message: 'You are not logged in, please login' }));
    await expect(apiValue('/wps/member/info', { value: z.unknown() })).rejects.toMatchObject({ code: 'NOT_LOGGED_IN' });
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(storage.getItem('merchantCode')).toBe('APSARA');
    expect(session.getLoginState().isLogin).toBe(false);
  });

  it('keeps the session on other 401s (a wrong password is not a dead token)', async () => {
    session.setToken('alive');
    fetchMock.mockResolvedValue(json(401, { success: false, code: 'ACCOUNT_OR_PASSWORD_WRONG', message: 'x' }));
    await expect(apiValue('/wps/session/login', { value: z.unknown() })).rejects.toBeInstanceOf(ApiError);
    expect(session.getToken()).toBe('alive');
  });

  it('treats success:false with HTTP 200 as an error too', async () => {
    fetchMock.mockResolvedValue(json(200, { success: false, code: 'FUNCTION_NOT_ENABLED', message: 'Not enabled' }));
    await expect(apiValue('/wps/z', { value: z.unknown() })).rejects.toMatchObject({ code: 'FUNCTION_NOT_ENABLED', status: 200 });
  });

  it('rejects a success body that breaks the contract', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, value: { n: 'one' } }));
    await expect(apiValue('/wps/x', { value: z.object({ n: z.number() }) })).rejects.toMatchObject({ code: CLIENT_ERROR.BAD_RESPONSE });
  });

  it('reports a network failure as NETWORK_ERROR with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiValue('/wps/x', { value: z.unknown() })).rejects.toMatchObject({ code: CLIENT_ERROR.NETWORK, status: 0 });
  });

  describe('with another session (the back office)', () => {
    const opsAuth = (token: string | null) => {
      const onExpired = vi.fn();
      return { auth: { token: () => token, expiredCode: 'OPERATOR_NOT_LOGGED_IN', onExpired }, onExpired };
    };

    it("sends that session's token, not the member's, and may PATCH", async () => {
      session.setToken('member-token');
      const { auth } = opsAuth('ops-token');
      fetchMock.mockResolvedValue(json(200, { success: true, value: { n: 1 } }));
      await apiValue('/ops/config/vip', { method: 'PATCH', body: { enabled: true }, auth, value: z.object({ n: z.number() }) });
      const init = fetchMock.mock.calls[0][1];
      expect(init?.method).toBe('PATCH');
      expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer ops-token');
    });

    it('forgets that session on its own expiry code and leaves the member signed in', async () => {
      session.setToken('member-token');
      const { auth, onExpired } = opsAuth('dead-ops');
      fetchMock.mockResolvedValue(json(401, { success: false, code: 'OPERATOR_NOT_LOGGED_IN', message: 'Operator sign-in required' }));
      await expect(apiValue('/ops/me', { auth, value: z.unknown() })).rejects.toMatchObject({ code: 'OPERATOR_NOT_LOGGED_IN' });
      expect(onExpired).toHaveBeenCalledOnce();
      expect(session.getToken()).toBe('member-token');
    });

    it("does not take the member's expiry code for its own", async () => {
      const { auth, onExpired } = opsAuth('ops-token');
      fetchMock.mockResolvedValue(json(401, { success: false, code: 'NOT_LOGGED_IN', message: 'x' }));
      await expect(apiValue('/ops/me', { auth, value: z.unknown() })).rejects.toBeInstanceOf(ApiError);
      expect(onExpired).not.toHaveBeenCalled();
    });
  });

  describe('apiBlob', () => {
    it('returns the bytes of a file, sent with the token', async () => {
      session.setToken('tok123');
      fetchMock.mockResolvedValue(new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'Content-Type': 'image/png' } }));
      const blob = await apiBlob('/wps/v2/uploads/abc');
      expect(blob.size).toBe(4);
      expect(blob.type).toBe('image/png');
      expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok123');
    });

    it("throws the server's refusal as an ApiError", async () => {
      fetchMock.mockResolvedValue(json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' }));
      await expect(apiBlob('/wps/v2/uploads/abc')).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    });
  });
});
