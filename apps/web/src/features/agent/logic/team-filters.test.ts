import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { usernameErrorOf, usernameFromSearch, usernameProblem, withUsername } from './team-filters';

describe('username filter of the team pages', () => {
  it('reads the username from the address, trimmed', () => {
    expect(usernameFromSearch(new URLSearchParams('username=%20demo01%20'))).toBe('demo01');
    expect(usernameFromSearch(new URLSearchParams('page=2'))).toBe('');
  });

  it('accepts what sign-in accepts and nothing else', () => {
    expect(usernameProblem('')).toBeNull();
    expect(usernameProblem('  ')).toBeNull();
    expect(usernameProblem('demo01')).toBeNull();
    expect(usernameProblem('a.b_c@d+e-f')).toBeNull();
    expect(usernameProblem('សុខា')).toBeNull();
    expect(usernameProblem('玩家一')).toBeNull();
    expect(usernameProblem('two words')).toBe('chars');
    expect(usernameProblem("o'neil")).toBe('chars');
    expect(usernameProblem('x'.repeat(65))).toBe('chars');
    expect(usernameProblem('x'.repeat(64))).toBeNull();
  });

  it('puts "not in your team" and a refused username by the field, and nothing else', () => {
    const unknown = new ApiError({ status: 404, code: 'TEAM_MEMBER_UNKNOWN', message: 'No one in your team has that username', fields: [{ field: 'username', rule: 'unknown', message: 'No one in your team has that username' }] });
    expect(usernameErrorOf(unknown)).toBe('No one in your team has that username');
    const refused = new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'Please check: username', fields: [{ field: 'username', rule: 'invalid', message: 'username is invalid' }] });
    expect(usernameErrorOf(refused)).toBe('username is invalid');
    const otherField = new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'Please check: from', fields: [{ field: 'from', rule: 'span', message: 'too long' }] });
    expect(usernameErrorOf(otherField)).toBeNull();
    expect(usernameErrorOf(new ApiError({ status: 500, code: 'SYSTEM_ERROR', message: 'System error' }))).toBeNull();
    expect(usernameErrorOf(new Error('boom'))).toBeNull();
  });

  it('sets or removes the username and keeps the rest of the address', () => {
    expect(withUsername(new URLSearchParams('x=1'), ' demo01 ').toString()).toBe('x=1&username=demo01');
    expect(withUsername(new URLSearchParams('username=demo01&x=1'), '').toString()).toBe('x=1');
  });
});
