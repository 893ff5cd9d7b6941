import { describe, expect, it } from 'vitest';
import { makeSnippet } from '../../src/renderer/src/lib/highlightTerms.js';

/** The search list shows a flat, readable excerpt of a chunk; what it strips must be markup, never content. */
describe('makeSnippet', () => {
  it('drops frontmatter, heading marks, list bullets and paired emphasis', () => {
    const md = '---\ntags: [x]\n---\n## Setup\n\n- Run **npm ci** then `npm test`\n- ==Important== and ~~old~~';
    expect(makeSnippet(md, 'npm')).toBe('Setup — Run npm ci then npm test Important and old');
  });

  it('keeps underscores and asterisks that are part of names, not emphasis', () => {
    expect(makeSnippet('Call __xss_guard before rendering; 2 * 3 = 6.', 'guard')).toBe(
      'Call __xss_guard before rendering; 2 * 3 = 6.',
    );
  });

  it('shows link labels, not link syntax', () => {
    expect(makeSnippet('See [[Daily notes|the daily note]] and [docs](https://example.org).', 'docs')).toBe(
      'See the daily note and docs.',
    );
  });

  it('centres a long note on the first query term', () => {
    const long = `${'filler words here. '.repeat(40)}The pump runs at six. ${'more filler. '.repeat(40)}`;
    const snippet = makeSnippet(long, 'pump', 120);
    expect(snippet).toContain('pump runs at six');
    expect(snippet.length).toBeLessThanOrEqual(130);
  });
});
