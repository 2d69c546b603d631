import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { currentUrl, renderApp } from '../../test/render-app';
import { countWords, formatArticleDate, readingTimeLabel } from './article';
import { ARTICLES } from './articles';
import { MarkdownContent } from './markdown-content';

const newest = ARTICLES[0]!;

describe('/blog', () => {
  it('lists every article newest first, with its date, summary and reading time', async () => {
    fakeApi();
    renderApp('/blog');
    const list = await screen.findByRole('list', { name: 'Articles' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(ARTICLES.length);

    const dates = ARTICLES.map((article) => article.date);
    expect(dates).toEqual([...dates].sort().reverse());
    items.forEach((item, index) => {
      const article = ARTICLES[index]!;
      expect(within(item).getByRole('heading', { level: 2 })).toHaveTextContent(article.title);
      expect(within(item).getByRole('link', { name: article.title })).toHaveAttribute('href', `/blog/${article.slug}`);
      expect(within(item).getByText(formatArticleDate(article.date))).toHaveAttribute('datetime', article.date);
      expect(within(item).getByText(article.summary)).toBeInTheDocument();
      expect(item).toHaveTextContent(`${Math.ceil(countWords(article.body) / 200)} min read`);
    });
  });

  it('opens an article from the list', async () => {
    fakeApi();
    const { router } = renderApp('/blog');
    await userEvent.setup().click(await screen.findByRole('link', { name: newest.title }));
    expect(await screen.findByRole('heading', { level: 1, name: newest.title })).toBeInTheDocument();
    expect(currentUrl(router)).toBe(`/blog/${newest.slug}`);
  });
});

describe('/blog/{slug}', () => {
  it('renders the article with its headings, lists, code, tables and byline', async () => {
    fakeApi();
    renderApp('/blog/measuring-crm-health');
    const article = ARTICLES.find((candidate) => candidate.slug === 'measuring-crm-health')!;
    expect(await screen.findByRole('heading', { level: 1, name: article.title })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`By ${article.author}`))).toHaveTextContent(`${formatArticleDate(article.date)} · ${readingTimeLabel(article.readingMinutes)}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Completeness: are the important fields filled?' })).toHaveAttribute('id', 'completeness-are-the-important-fields-filled');
    expect(screen.getByText(/health = 35% completeness/).closest('pre')).not.toBeNull();
    expect(screen.getAllByRole('table').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('columnheader', { name: 'Duplicate rate' })).toBeInTheDocument();
    expect(screen.getByText('Measure each object type separately.').closest('li')).not.toBeNull();
    await waitFor(() => expect(document.title).toBe(`${article.title} – DataCleaner blog`));
  });

  it('follows a link to another article inside the app', async () => {
    fakeApi();
    const { router } = renderApp('/blog/measuring-crm-health');
    const link = await screen.findByRole('link', { name: 'HubSpot data hygiene checklist' });
    expect(link).toHaveAttribute('href', '/blog/hubspot-data-hygiene-checklist');
    await userEvent.setup().click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'A practical HubSpot data hygiene checklist' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/blog/hubspot-data-hygiene-checklist');
  });

  it("shows 'Page Not Found', titled so, for an unknown slug, with a way home", async () => {
    fakeApi();
    const { router } = renderApp('/blog/no-such-article');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByText('Article not found')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Page Not Found – DataCleaner'));
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to the home page' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });
});

describe('MarkdownContent', () => {
  function renderMarkdown(markdown: string) {
    return render(
      <MemoryRouter>
        <MarkdownContent markdown={markdown} />
      </MemoryRouter>,
    );
  }

  it('shows raw HTML as text instead of running it', () => {
    const { container } = renderMarkdown('Hello <img src=x onerror="alert(1)"> world\n\n<script>alert(1)</script>');
    expect(container.querySelector('img, script')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script>');
  });

  it('gives repeated headings distinct ids and starts ordered lists where the source does', () => {
    const { container } = renderMarkdown('# Top\n\n## Notes\n\n## Notes\n\n3. three\n4. four');
    expect(screen.getByRole('heading', { level: 2, name: 'Top' })).toBeInTheDocument();
    expect([...container.querySelectorAll('h2')].map((heading) => heading.id)).toEqual(['top', 'notes', 'notes-2']);
    expect(container.querySelector('ol')).toHaveAttribute('start', '3');
  });

  it('keeps external links ordinary and safe, with inline formatting', () => {
    renderMarkdown('See **the [HubSpot docs](https://developers.hubspot.com)** and `code`, *em*, ~~old~~.');
    expect(screen.getByRole('link', { name: 'HubSpot docs' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('code').tagName).toBe('CODE');
    expect(screen.getByText('em').tagName).toBe('EM');
    expect(screen.getByText('old').tagName).toBe('DEL');
  });
});
