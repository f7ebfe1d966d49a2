import { describe, expect, it } from 'vitest';
import { mapServerErrors } from './server-errors';

const err = (code: string, message: string, fields: { field: string; rule: string; message: string }[] = []) => ({ code, message, fields });

describe('mapServerErrors', () => {
  it('puts field errors on the shown fields', () => {
    const mapped = mapServerErrors(
      err('VALIDATION_FAILED', 'Some fields are invalid: username, password', [
        { field: 'username', rule: 'pattern', message: 'Please enter 4 - 16 characters, letters first' },
        { field: 'password', rule: 'minLength', message: 'Please enter 6 - 20 characters' },
      ]),
      ['username', 'password'],
    );
    expect(mapped.fields).toEqual({ username: 'Please enter 4 - 16 characters, letters first', password: 'Please enter 6 - 20 characters' });
    expect(mapped.form).toBeNull();
  });

  it('borrows the envelope message when a field entry has none', () => {
    const mapped = mapServerErrors(err('USERNAME_TAKEN', 'This username is already taken', [{ field: 'username', rule: 'taken', message: '' }]), ['username']);
    expect(mapped.fields.username).toBe('This username is already taken');
  });

  it('sends problems with hidden fields to the form-level message', () => {
    const mapped = mapServerErrors(err('VALIDATION_FAILED', 'x', [{ field: 'qqNum', rule: 'required', message: 'Input cannot be empty' }]), ['username']);
    expect(mapped.fields).toEqual({});
    expect(mapped.form).toBe('Input cannot be empty');
  });

  it('maps well-known codes to their field when the server names none', () => {
    expect(mapServerErrors(err('CAPTCHA_INVALID', 'Captcha check failed'), ['captcha']).fields).toEqual({ captcha: 'Captcha check failed' });
    expect(mapServerErrors(err('OLD_PASSWORD_WRONG', 'wrong'), ['oldPassword']).fields).toEqual({ oldPassword: 'wrong' });
  });

  it('keeps other errors at form level', () => {
    expect(mapServerErrors(err('TOO_MANY_REQUESTS', 'Too many requests'), ['username'])).toEqual({ fields: {}, form: 'Too many requests' });
  });

  it('renames fields (mobile registration shows username problems on the mobile number)', () => {
    const mapped = mapServerErrors(err('USERNAME_TAKEN', 'taken', [{ field: 'username', rule: 'taken', message: '' }]), ['mobileNum'], { username: 'mobileNum' });
    expect(mapped.fields).toEqual({ mobileNum: 'taken' });
  });
});
