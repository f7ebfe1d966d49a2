import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ArticleBody } from './article-body';

const draw = (text: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ArticleBody text={text} />
    </MemoryRouter>,
  );

describe('ArticleBody', () => {
  it("turns the operator's Markdown into paragraphs, headings under the title, lists and links", () => {
    const html = draw('# Top\n\nFirst **bold** line.\n\n## Steps\n\n- one\n- two\n\n[Deposit](/member/depositv2) or [site](https://example.org/x).');
    expect(html).not.toContain('<h1');
    expect(html).toContain('<h2>Top</h2>');
    expect(html).toContain('<h2>Steps</h2>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<li>two</li>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="/member/depositv2"');
    expect(html).toContain('<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">site</a>');
  });

  it('never renders raw HTML, scripts, images or links to other schemes', () => {
    const html = draw('<script>alert(1)</script>\n\n<b onclick="x()">hi</b> ![pic](https://example.org/a.png) [bad](javascript:alert(1)) [plain](http://example.org)');
    expect(html).not.toMatch(/<script|<b[ >]|<img|onclick|javascript:|<a /);
    expect(html).toContain('<span>bad</span>');
    expect(html).toContain('<span>plain</span>');
  });
});
