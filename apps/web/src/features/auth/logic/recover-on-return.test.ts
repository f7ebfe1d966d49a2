import { describe, expect, it } from 'vitest';
import { recoverParam, withoutRecover } from './recover-on-return';

describe('recover on return from a transfer-wallet game', () => {
  it('reads a vendor code and nothing else', () => {
    expect(recoverParam(new URLSearchParams('recover=AG'))).toBe('AG');
    expect(recoverParam(new URLSearchParams('vassalage=AG&recover=BBIN'))).toBe('BBIN');
    for (const q of ['', 'recover=', 'recover=ag', 'recover=A', 'recover=AG%3Cscript%3E', 'recover=ABCDEFGHIJKLM', 'other=AG']) {
      expect(recoverParam(new URLSearchParams(q)), q).toBeNull();
    }
  });

  it('drops only the marker from the address', () => {
    expect(withoutRecover(new URLSearchParams('vassalage=AG&recover=AG')).toString()).toBe('vassalage=AG');
    expect(withoutRecover(new URLSearchParams('recover=AG')).toString()).toBe('');
  });
});
