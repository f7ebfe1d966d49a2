import { describe, expect, it } from 'vitest';
import { OpsMessageBody } from '@apsara/contracts';
import { emptyMessageForm, messageBody, messageProblems, type MessageForm } from './messages';

const form = (patch: Partial<MessageForm>): MessageForm => ({ ...emptyMessageForm(), title: 'Hello', body: 'Welcome to the site', toUsername: 'dara01', ...patch });

describe('member message form', () => {
  it('sends to one member by username, trimmed, with the key', () => {
    const body = messageBody(form({ toUsername: '  dara01 ', title: ' Hello ', body: ' Hi \n there ' }), 'msg-12345678');
    expect(body).toEqual({ title: 'Hello', body: 'Hi \n there', toUsername: 'dara01', idempotencyKey: 'msg-12345678' });
    expect(OpsMessageBody.safeParse(body).success).toBe(true);
  });

  it('sends to every member without a username, whatever was typed in the username box', () => {
    const body = messageBody(form({ audience: 'all', toUsername: 'left over' }));
    expect(body).toEqual({ title: 'Hello', body: 'Welcome to the site', toAll: true });
    expect(OpsMessageBody.safeParse(body).success).toBe(true);
    expect(messageProblems(form({ audience: 'all', toUsername: '' }))).toEqual({});
  });

  it('refuses what the server refuses, naming the field and the rule', () => {
    expect(messageProblems(form({}))).toEqual({});
    expect(messageProblems(form({ title: '   ' }))).toEqual({ title: 'required' });
    expect(messageProblems(form({ title: 'two\nlines' }))).toEqual({ title: 'one_line' });
    expect(messageProblems(form({ title: 'x'.repeat(101) }))).toEqual({ title: 'too_long' });
    expect(messageProblems(form({ title: 'x'.repeat(100) }))).toEqual({});
    // An emoji is one character, as the server counts it.
    expect(messageProblems(form({ title: '🎉'.repeat(100) }))).toEqual({});
    expect(messageProblems(form({ body: '' }))).toEqual({ body: 'required' });
    expect(messageProblems(form({ body: 'x'.repeat(2001) }))).toEqual({ body: 'too_long' });
    expect(messageProblems(form({ toUsername: '' }))).toEqual({ toUsername: 'required' });
    expect(messageProblems(form({ toUsername: 'no spaces' }))).toEqual({ toUsername: 'username' });
    expect(messageProblems(form({ toUsername: 'x'.repeat(33) }))).toEqual({ toUsername: 'username' });
    expect(messageProblems(form({ title: '', body: '', toUsername: '' }))).toEqual({ title: 'required', body: 'required', toUsername: 'required' });
  });
});
