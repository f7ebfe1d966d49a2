import { isHelpPath, type HelpTopicItem } from '@apsara/contracts';

/*
 * The help popup's topics (GET /wps/system/helpCenter; docs/help-center.md) as plain data: which one
 * opens, how a body becomes paragraphs, and what each topic offers under its text.
 */

/** A body as paragraphs: split on blank lines, each trimmed; single line breaks stay inside a paragraph. */
export const paragraphsOf = (body: string): string[] =>
  body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);

/** The topic that opens: the one asked for (`/help?topic=<key>`) when the site has it, else the first. */
export const openedTopic = (topics: readonly Pick<HelpTopicItem, 'key'>[], asked: unknown): string | null => {
  if (typeof asked === 'string' && topics.some((t) => t.key === asked)) return asked;
  return topics[0]?.key ?? null;
};

export type HelpButton = { kind: 'feedback' } | { kind: 'chat' } | { kind: 'path'; path: string } | null;

/**
 * What a topic shows under its text: the feedback button, the chat button (only where the site's chat
 * is there to open), a link to a page of this site (never another site, whatever the server sent), or
 * nothing.
 */
export const helpButtonOf = (action: HelpTopicItem['action'], chatAvailable: boolean): HelpButton => {
  switch (action.kind) {
    case 'feedback':
      return { kind: 'feedback' };
    case 'chat':
      return chatAvailable ? { kind: 'chat' } : null;
    case 'path':
      return isHelpPath(action.path) ? { kind: 'path', path: action.path } : null;
    default:
      return null;
  }
};
