import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import { articleLinkOf } from '../logic/paths';

/**
 * What an operator's Markdown may become: paragraphs, headings under the page's own title, lists,
 * emphasis, quotes and links. Raw HTML is dropped and anything else (images, tables, code blocks) is
 * kept as its text: the body is text for players, never markup an operator could slip a script into.
 */
const ALLOWED = ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'blockquote', 'br', 'hr', 'code'];

const components: Components = {
  // The page's h1 is the article's title: a "# heading" in the body is one level below it.
  h1: ({ children }) => <h2>{children}</h2>,
  a: ({ href, children }) => {
    const link = articleLinkOf(href);
    if (!link) return <span>{children}</span>;
    if ('internal' in link) return <Link to={link.internal}>{children}</Link>;
    return (
      <a href={link.external} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  },
};

/** An article's body, written by the site's operators in Markdown, as safe React elements. */
export const ArticleBody = ({ text }: { text: string }) => (
  <div className="article__body">
    <Markdown skipHtml allowedElements={['h1', ...ALLOWED]} unwrapDisallowed components={components}>
      {text}
    </Markdown>
  </div>
);
