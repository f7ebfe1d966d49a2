import { describe, expect, it } from 'vitest';
import { FeedbackBody, feedbackLength as feedbackLengthOf } from '@apsara/contracts';
import { checkFeedback, shownFeedbackCheck, toFeedbackBody, typeNameOf, type FeedbackFormValues } from './feedback-form';

const filled: FeedbackFormValues = { type: '1', content: 'My deposit has not arrived yet, please check.', sender: 'Dara', contact: '', captcha: 'ab12' };

describe('checkFeedback', () => {
  it('names every empty required field, in form order, for the one warning', () => {
    const r = checkFeedback({ type: '', content: '   ', sender: '', contact: '', captcha: '' }, true);
    expect(r.ok).toBe(false);
    expect(r.missing).toEqual(['type', 'content', 'sender', 'captcha']);
  });

  it("does not ask a member for a name (the server files it under their account)", () => {
    const r = checkFeedback({ ...filled, sender: '' }, false);
    expect(r.ok).toBe(true);
    expect(checkFeedback({ ...filled, sender: '' }, true).missing).toEqual(['sender']);
  });

  it('counts the description after trimming, 20 to 200 characters as a person sees them', () => {
    expect(checkFeedback({ ...filled, content: `   ${'a'.repeat(19)}   ` }, true).problems.content).toBe('tooShort');
    expect(checkFeedback({ ...filled, content: 'a'.repeat(20) }, true).ok).toBe(true);
    expect(checkFeedback({ ...filled, content: '🎰'.repeat(200) }, true).ok).toBe(true);
    expect(checkFeedback({ ...filled, content: 'a'.repeat(201) }, true).problems.content).toBe('tooLong');
    // Too short is not "empty": it is not listed in the warning, it has its own message.
    expect(checkFeedback({ ...filled, content: 'short' }, true).missing).toEqual([]);
  });

  it('keeps a visitor\'s contact optional but bounded', () => {
    expect(checkFeedback({ ...filled, contact: 'x'.repeat(101) }, true).problems.contact).toBe('tooLong');
    expect(checkFeedback({ ...filled, contact: 'x'.repeat(100) }, true).ok).toBe(true);
  });
});

describe('shownFeedbackCheck', () => {
  const failed: FeedbackFormValues = { type: '1', content: 'Too short', sender: 'Dara', contact: '', captcha: '' };

  it('shows nothing before the first Send', () => {
    expect(shownFeedbackCheck(failed, true, false)).toEqual({ problems: {}, missing: [] });
  });

  it('after a refused Send, drops each error as soon as its field is put right', () => {
    expect(shownFeedbackCheck(failed, true, true)).toEqual({ problems: { content: 'tooShort', captcha: 'empty' }, missing: ['captcha'] });
    // The description now long enough (77 characters): its error goes, the captcha's stays.
    const longer = { ...failed, content: 'I deposited 50 dollars an hour ago and it still does not show in my balance!!' };
    expect(feedbackLengthOf(longer.content)).toBe(77);
    expect(shownFeedbackCheck(longer, true, true)).toEqual({ problems: { captcha: 'empty' }, missing: ['captcha'] });
    // The captcha typed: nothing left to say.
    expect(shownFeedbackCheck({ ...longer, captcha: 'ab12' }, true, true)).toEqual({ problems: {}, missing: [] });
  });

  it('shows a field broken again after it was put right', () => {
    expect(shownFeedbackCheck({ ...filled, sender: ' ' }, true, true).problems).toEqual({ sender: 'empty' });
  });
});

describe('toFeedbackBody', () => {
  it('sends what the server schema accepts: trimmed, numeric type, no member name or contact', () => {
    const visitor = toFeedbackBody({ ...filled, content: `  ${filled.content}  `, sender: ' Dara ', contact: ' @dara ' }, true, '6c1e0c5e-0000-4000-8000-000000000000');
    expect(visitor).toEqual({ type: 1, content: filled.content, sender: 'Dara', contact: '@dara', captcha: 'ab12', captchaId: '6c1e0c5e-0000-4000-8000-000000000000' });
    expect(FeedbackBody.safeParse(visitor).success).toBe(true);
    const member = toFeedbackBody({ ...filled, sender: 'ignored', contact: 'ignored' }, false, null);
    expect(member).toEqual({ type: 1, content: filled.content, captcha: 'ab12' });
    expect(FeedbackBody.safeParse(member).success).toBe(true);
  });

  it('maps type codes back to names, unknown ones to "others"', () => {
    expect(typeNameOf(6)).toBe('agentApplication');
    expect(typeNameOf(5)).toBe('others');
  });
});
