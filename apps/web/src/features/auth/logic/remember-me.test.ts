import { describe, expect, it } from 'vitest';
import { readRememberedUsername } from './remember-me';

describe('readRememberedUsername', () => {
  it('finds the remembered username among other cookies', () => {
    expect(readRememberedUsername('a=1; rememberUser=demo01; b=2')).toBe('demo01');
    expect(readRememberedUsername('rememberUser=%E1%9E%80%20x')).toBe('ក x');
  });
  it('returns null when absent, empty or malformed', () => {
    expect(readRememberedUsername('a=1')).toBeNull();
    expect(readRememberedUsername('rememberUser=')).toBeNull();
    expect(readRememberedUsername('rememberUser=%E0%A4%A')).toBeNull();
  });
});
