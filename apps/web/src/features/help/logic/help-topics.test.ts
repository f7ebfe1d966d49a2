import { describe, expect, it } from 'vitest';
import { helpButtonOf, openedTopic, paragraphsOf } from './help-topics';

describe('help topics', () => {
  it('splits a body into paragraphs on blank lines, keeping single line breaks', () => {
    expect(paragraphsOf('One.\n\nTwo\nstill two.\n \n\nThree.  ')).toEqual(['One.', 'Two\nstill two.', 'Three.']);
    expect(paragraphsOf('Windows\r\n\r\nlines')).toEqual(['Windows', 'lines']);
    expect(paragraphsOf('')).toEqual([]);
    expect(paragraphsOf('\n\n  \n')).toEqual([]);
    // Markup is text: it is never read as HTML (React writes it as it is).
    expect(paragraphsOf('<img src=x onerror=alert(1)>')).toEqual(['<img src=x onerror=alert(1)>']);
  });

  it('opens the topic asked for when the site has it, else the first', () => {
    const topics = [{ key: 'account' }, { key: 'chat' }];
    expect(openedTopic(topics, 'chat')).toBe('chat');
    expect(openedTopic(topics, 'nope')).toBe('account');
    expect(openedTopic(topics, undefined)).toBe('account');
    expect(openedTopic([], 'chat')).toBeNull();
  });

  it('offers the chat only where there is one, and links only to this site', () => {
    expect(helpButtonOf({ kind: 'feedback' }, false)).toEqual({ kind: 'feedback' });
    expect(helpButtonOf({ kind: 'chat' }, true)).toEqual({ kind: 'chat' });
    expect(helpButtonOf({ kind: 'chat' }, false)).toBeNull();
    expect(helpButtonOf({ kind: 'none' }, true)).toBeNull();
    expect(helpButtonOf({ kind: 'path', path: '/download' }, false)).toEqual({ kind: 'path', path: '/download' });
    for (const path of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '/a//b']) {
      expect(helpButtonOf({ kind: 'path', path }, true)).toBeNull();
    }
  });
});
