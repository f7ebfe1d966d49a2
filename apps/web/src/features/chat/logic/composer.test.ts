import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX, ChatSendBody } from '@apsara/contracts';
import { cleanDraft, draftLength, draftProblem, isSendKey, showCounter } from './composer';

describe('chat composer', () => {
  it('checks a line as the server does', () => {
    expect(draftProblem('   \n ')).toBe('empty');
    expect(draftProblem('Hello')).toBeNull();
    expect(draftProblem('a <b> c')).toBe('angles');
    expect(draftProblem('x'.repeat(CHAT_MESSAGE_MAX))).toBeNull();
    expect(draftProblem('x'.repeat(CHAT_MESSAGE_MAX + 1))).toBe('tooLong');
    // An emoji is one character, as a person counts it.
    expect(draftLength('😀'.repeat(CHAT_MESSAGE_MAX))).toBe(CHAT_MESSAGE_MAX);
    expect(draftProblem(`  ${'😀'.repeat(CHAT_MESSAGE_MAX)}  `)).toBeNull();
  });

  it('sends what the contract accepts', () => {
    for (const draft of ['  Hello\nthere  ', 'ស្វាគមន៍', '你好\u0007']) {
      expect(draftProblem(draft)).toBeNull();
      expect(ChatSendBody.safeParse({ body: cleanDraft(draft), idempotencyKey: 'chat-12345678' }).success, draft).toBe(true);
    }
  });

  it('shows the counter near the limit', () => {
    expect(showCounter(10)).toBe(false);
    expect(showCounter(CHAT_MESSAGE_MAX - 200)).toBe(true);
  });

  it('sends on Enter, not on Shift+Enter nor while an input method composes', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });
});
