import { describe, expect, it } from 'vitest';
import { PATTERNS, type RegisterFieldRule } from '@apsara/contracts';
import { temporaryPassword } from './temporary-password.js';

const rule = (patternId: keyof typeof PATTERNS, minLength = 6, maxLength = 20): RegisterFieldRule => ({ enabled: true, required: true, acceptedPattern: '', patternId, minLength, maxLength });

describe('temporaryPassword', () => {
  it('gives each password rule a password it accepts, of 12 characters where the rule allows', () => {
    for (const id of ['ALNUM_MIXED', 'STRONG_PASSWORD', 'ALNUM', 'DIGITS', 'LETTER_FIRST_ALNUM', 'UPPERCASE_ONLY', 'ALNUM_SYMBOLS', 'ANY'] as const) {
      for (let i = 0; i < 50; i++) {
        const p = temporaryPassword(rule(id));
        expect(p, id).not.toBeNull();
        expect(p, id).toMatch(new RegExp(PATTERNS[id].source, 'u'));
        expect(p!.length, id).toBe(12);
      }
    }
    expect(temporaryPassword(rule('ALNUM_MIXED', 16, 30))).toHaveLength(16);
    expect(temporaryPassword(rule('ALNUM_MIXED', 4, 8))).toHaveLength(8);
  });

  it('uses every kind of character a strong rule asks for, none a person could misread', () => {
    const p = temporaryPassword(rule('STRONG_PASSWORD'))!;
    expect(p).toMatch(/[A-Z]/);
    expect(p).toMatch(/[a-z]/);
    expect(p).toMatch(/[0-9]/);
    expect(p).not.toMatch(/[0O1lI5S]/);
    expect(new Set(Array.from({ length: 200 }, () => temporaryPassword(rule('ALNUM_MIXED')))).size).toBe(200);
  });

  it('answers null when no alphabet fits the rule', () => {
    expect(temporaryPassword(rule('THAI_ONLY'))).toBeNull();
    expect(temporaryPassword(rule('STRONG_PASSWORD', 2, 3))).toBeNull();
  });
});
