import { describe, expect, it } from 'vitest';
import { friendState, inviteLink } from './referral';

describe('inviteLink', () => {
  it("leads to this site's register popup with the code", () => {
    expect(inviteLink('ABCD2345', 'https://play.example.com')).toBe('https://play.example.com/register?ref=ABCD2345');
    expect(inviteLink('ABCD2345', 'http://lotus.localhost:8800')).toBe('http://lotus.localhost:8800/register?ref=ABCD2345');
  });

  it('keeps a code with unexpected characters inside the query', () => {
    expect(inviteLink('A B&C', 'https://x.test')).toBe('https://x.test/register?ref=A%20B%26C');
  });
});

describe('friendState', () => {
  it('says whether the friend earned the reward yet', () => {
    expect(friendState({ qualified: true })).toBe('qualified');
    expect(friendState({ qualified: false })).toBe('waiting');
  });
});
