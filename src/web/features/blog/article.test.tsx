import { describe, expect, it } from 'vitest';
import { countWords, formatArticleDate, loadArticles, parseArticle, readingMinutes, readingTimeLabel } from './article';
import { ARTICLES } from './articles';

function source({ title = 'A title', date = '2026-01-02', author = 'Ada', summary = 'A summary.', body = 'Body text.' } = {}): string {
  return `---\ntitle: ${title}\ndate: ${date}\nauthor: ${author}\nsummary: ${summary}\n---\n\n${body}\n`;
}

const words = (count: number) => Array.from({ length: count }, () => 'word').join(' ');

describe('parseArticle', () => {
  it('reads the front matter, keeps the body and estimates the reading time', () => {
    const article = parseArticle('first-post', source({ title: 'Matching: how it works', summary: '"Quoted" summary, with commas' }));
    expect(article).toEqual({
      slug: 'first-post',
      title: 'Matching: how it works',
      date: '2026-01-02',
      author: 'Ada',
      summary: '"Quoted" summary, with commas',
      body: 'Body text.',
      readingMinutes: 1,
    });
  });

  it('drops quotes around a whole value', () => {
    expect(parseArticle('quoted', source({ title: '"In quotes"' })).title).toBe('In quotes');
  });

  it('refuses a file without front matter, a missing field or a date that is not YYYY-MM-DD', () => {
    expect(() => parseArticle('bare', '# Just Markdown')).toThrow(/no front matter/);
    expect(() => parseArticle('no-author', '---\ntitle: T\ndate: 2026-01-02\nsummary: S\n---\nBody')).toThrow(/author/);
    expect(() => parseArticle('bad-date', source({ date: '12 November 2026' }))).toThrow(/date/);
    expect(() => parseArticle('no-such-day', source({ date: '2026-02-30' }))).toThrow(/date/);
  });
});

describe('reading time', () => {
  it('is words / 200, rounded up, at least 1 minute', () => {
    expect(readingMinutes(words(1))).toBe(1);
    expect(readingMinutes(words(200))).toBe(1);
    expect(readingMinutes(words(201))).toBe(2);
    expect(readingMinutes(words(1_000))).toBe(5);
    expect(readingMinutes('')).toBe(1);
    expect(readingTimeLabel(7)).toBe('7 min read');
  });

  it('counts words, not Markdown marks', () => {
    expect(countWords('## Heading\n\n- one item\n- two\n\n```\ncode = 1\n```\n| a | b |')).toBe(8);
  });
});

describe('loadArticles', () => {
  it('orders articles newest first, and by title within a day', () => {
    const articles = loadArticles({
      '/content/blog/old.md': source({ title: 'Old', date: '2025-03-01' }),
      '/content/blog/new-b.md': source({ title: 'Beta', date: '2026-05-01' }),
      '/content/blog/new-a.md': source({ title: 'Alpha', date: '2026-05-01' }),
      '/content/blog/middle.md': source({ title: 'Middle', date: '2025-12-31' }),
    });
    expect(articles.map((article) => article.slug)).toEqual(['new-a', 'new-b', 'middle', 'old']);
  });
});

describe('formatArticleDate', () => {
  it('writes the date in words, whatever the time zone', () => {
    expect(formatArticleDate('2026-11-12')).toBe('November 12, 2026');
    expect(formatArticleDate('2026-01-01')).toBe('January 1, 2026');
  });
});

describe('the articles in content/blog', () => {
  it('are at least three, each with a unique slug, complete front matter and 800 words or more', () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ARTICLES.map((article) => article.slug)).size).toBe(ARTICLES.length);
    for (const article of ARTICLES) {
      expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(countWords(article.body), article.slug).toBeGreaterThanOrEqual(800);
      expect(article.summary.length, article.slug).toBeLessThan(300);
    }
  });

  it('link only to articles that exist', () => {
    const slugs = new Set(ARTICLES.map((article) => article.slug));
    for (const article of ARTICLES) {
      for (const [, slug] of article.body.matchAll(/\]\(\/blog\/([^)#\s]+)/g)) expect(slugs, `${article.slug} links to ${slug}`).toContain(slug);
    }
  });
});
