import { describe, expect, it } from 'vitest';
import { OperatorPassword, OpsOperatorBody, OpsOwnPasswordBody } from '@apsara/contracts';
import { operatorPasswordProblem, operatorPatchOf, ownPasswordProblems, setPasswordProblems, usernameProblem } from './operators';

const PASSWORDS = ['', 'short1', 'abcdefghij', '1234567890', 'abcdefghi1', 'Abc-123456', ' spaced 12 ', 'x1'.repeat(64), `${'x1'.repeat(64)}y`, 'ctl\u0001abc123', 'tab\tabcde1', 'ខ្មែរ១២៣abc1', '密码密码密码密码密码1a'];
const NAMES = ['', 'ab', 'abc', 'ops.lead@site', 'with space', '  trimmed_ok  ', 'x'.repeat(64), 'x'.repeat(65), 'ខ្មែរ', 'a-b_c.d'];

describe('an operator password', () => {
  it('is judged as the contract judges it', () => {
    for (const p of PASSWORDS) expect(operatorPasswordProblem(p) === null, JSON.stringify(p)).toBe(OperatorPassword.safeParse(p).success);
  });

  it('names what is wrong', () => {
    expect(operatorPasswordProblem('')).toBe('required');
    expect(operatorPasswordProblem('short1')).toBe('too_short');
    expect(operatorPasswordProblem('abcdefghij')).toBe('letter_digit');
    expect(operatorPasswordProblem('1234567890')).toBe('letter_digit');
    expect(operatorPasswordProblem(`${'x1'.repeat(64)}y`)).toBe('too_long');
    expect(operatorPasswordProblem('ctl\u0001abc123')).toBe('control');
    expect(operatorPasswordProblem('Abc-123456')).toBeNull();
  });
});

describe('a new operator', () => {
  it('is judged as the contract judges it', () => {
    for (const username of NAMES) {
      for (const password of ['Abc-123456', 'abc']) {
        const mine = usernameProblem(username) === null && operatorPasswordProblem(password) === null;
        expect(mine, `${username} / ${password}`).toBe(OpsOperatorBody.safeParse({ username, password, role: 'support' }).success);
      }
    }
  });

  it('names a missing or malformed username', () => {
    expect(usernameProblem('  ')).toBe('required');
    expect(usernameProblem('with space')).toBe('format');
    expect(usernameProblem('ops.lead@site')).toBeNull();
  });
});

describe('one’s own password change', () => {
  const cases = [
    { currentPassword: 'Old-pass-123', newPassword: 'New-pass-456', repeat: 'New-pass-456' },
    { currentPassword: '', newPassword: 'New-pass-456', repeat: 'New-pass-456' },
    { currentPassword: 'Old-pass-123', newPassword: 'Old-pass-123', repeat: 'Old-pass-123' },
    { currentPassword: 'Old-pass-123', newPassword: 'short', repeat: 'short' },
    { currentPassword: 'anything', newPassword: 'New-pass-456', repeat: 'New-pass-457' },
  ];

  it('sends what the contract accepts, once typed twice alike', () => {
    for (const c of cases) {
      const problems = ownPasswordProblems(c);
      const contract = OpsOwnPasswordBody.safeParse({ currentPassword: c.currentPassword, newPassword: c.newPassword }).success;
      // The repeat is the form's own check; without it the verdicts agree.
      const { repeat, ...rest } = problems;
      expect(Object.keys(rest).length === 0, JSON.stringify(c)).toBe(contract);
      if (contract && c.repeat !== c.newPassword) expect(repeat).toBe('mismatch');
    }
  });

  it('names each problem on its field', () => {
    expect(ownPasswordProblems(cases[1])).toEqual({ currentPassword: 'required' });
    expect(ownPasswordProblems(cases[2])).toEqual({ newPassword: 'same' });
    expect(ownPasswordProblems(cases[3])).toEqual({ newPassword: 'too_short' });
    expect(ownPasswordProblems(cases[4])).toEqual({ repeat: 'mismatch' });
  });
});

describe("another operator's new password", () => {
  it('follows the rule and is typed twice alike', () => {
    expect(setPasswordProblems({ password: 'Fresh-Pass-77', repeat: 'Fresh-Pass-77' })).toEqual({});
    expect(setPasswordProblems({ password: 'fresh', repeat: 'fresh' })).toEqual({ password: 'too_short' });
    expect(setPasswordProblems({ password: 'Fresh-Pass-77', repeat: 'Fresh-Pass-78' })).toEqual({ repeat: 'mismatch' });
  });
});

describe('a change of role or status', () => {
  const row = { role: 'support', status: 'active' } as const;

  it('sends only what changed, and nothing when nothing did', () => {
    expect(operatorPatchOf(row, { role: 'support', status: 'active' })).toBeNull();
    expect(operatorPatchOf(row, { role: 'finance', status: 'active' })).toEqual({ role: 'finance' });
    expect(operatorPatchOf(row, { role: 'support', status: 'disabled' })).toEqual({ status: 'disabled' });
    expect(operatorPatchOf(row, { role: 'admin', status: 'disabled' })).toEqual({ role: 'admin', status: 'disabled' });
  });
});
