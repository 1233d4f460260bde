import { describe, expect, it } from 'vitest';
import { markdownHtml } from '../../client/ui/markdown-text';

describe("an author's Markdown as learners see it", () => {
  it('renders CommonMark: headings, emphasis, lists, links and images', () => {
    expect(markdownHtml('# Welkom\n\nDit is **belangrijk** en *nieuw*.\n\n- een\n- twee')).toBe(
      '<h1>Welkom</h1>\n<p>Dit is <strong>belangrijk</strong> en <em>nieuw</em>.</p>\n<ul>\n<li>een</li>\n<li>twee</li>\n</ul>',
    );
    expect(markdownHtml('[WHO](https://www.who.int) ![Een vroedvrouw](/api/uploads/a.jpg)')).toBe(
      '<p><a href="https://www.who.int">WHO</a> <img src="/api/uploads/a.jpg" alt="Een vroedvrouw" /></p>',
    );
  });

  it('never renders raw HTML: neither shown nor run', () => {
    const html = markdownHtml(
      'Tekst <b>vet</b>\n\n<img src=x onerror="window.__hacked=1">\n\n<script>alert(1)</script>',
    );
    expect(html.trim()).toBe('<p>Tekst vet</p>');
    expect(html).not.toMatch(/<img|<script|onerror/);
  });

  it('keeps only safe link and image addresses, and escapes text', () => {
    expect(markdownHtml('[klik](javascript:alert(1)) ![x](data:image/svg+xml,<svg>)')).toBe(
      '<p><a href="">klik</a> <img src="" alt="x" /></p>',
    );
    expect(markdownHtml('5 < 6 & "quotes"')).toBe('<p>5 &lt; 6 &amp; &quot;quotes&quot;</p>');
  });
});
