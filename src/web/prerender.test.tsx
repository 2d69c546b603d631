import { describe, expect, it } from 'vitest';
import { ARTICLES } from './features/blog/articles';
import { prerenderedPaths, renderPage } from './prerender';
import { fakeApi } from './test/fake-api';
import { renderApp } from './test/render-app';

describe('prerendering', () => {
  it('renders the landing page as the app first renders it, hero heading and text included', async () => {
    const html = await renderPage('/');
    const prerendered = document.createElement('div');
    prerendered.innerHTML = html;
    expect(prerendered.querySelector('h1')?.textContent).toMatch(/A clean HubSpot CRM/);
    expect(prerendered.querySelector('main')).not.toBeNull();
    expect(prerendered.querySelector('footer')).not.toBeNull();

    fakeApi();
    const { container } = renderApp('/');
    // The same elements in the same order with the same classes: React's first render replaces it without a shift.
    const shape = (root: Element) => [...root.querySelectorAll('*')].map((el) => `${el.tagName}.${el.getAttribute('class') ?? ''}`);
    // The page is the router's one element; the toasts' region (fixed, empty) follows it in the app.
    expect(prerendered.children).toHaveLength(1);
    const page = container.firstElementChild!;
    expect(shape(prerendered)).toEqual([`${page.tagName}.${page.getAttribute('class')}`, ...shape(page)]);
    expect(prerendered.textContent).toBe(page.textContent);
  });

  it('prerenders every public page but the landing page and sign-in, and each blog article', () => {
    expect(prerenderedPaths()).toEqual([
      '/',
      '/about-us',
      '/privacy-policy',
      '/terms-of-service',
      '/cookie-policy',
      '/gdpr',
      '/blog',
      '/subscribe',
      ...ARTICLES.map((article) => `/blog/${article.slug}`),
    ]);
  });

  // Lazy pages: their code is fetched before the first render, which must then be the prerendered markup.
  it.each(prerenderedPaths().filter((path) => path !== '/'))('renders %s itself, not its Loading placeholder, as the first render in the browser does', async (path) => {
    const html = await renderPage(path);
    const prerendered = document.createElement('div');
    prerendered.innerHTML = html;
    expect(prerendered.querySelector('main h1')?.textContent).toBeTruthy();
    expect(prerendered.textContent).not.toContain('Loading...');

    fakeApi();
    const { container } = renderApp(path);
    const shape = (root: Element) => [...root.querySelectorAll('*')].map((el) => `${el.tagName}.${el.getAttribute('class') ?? ''}`);
    const page = container.firstElementChild!;
    expect(shape(prerendered)).toEqual([`${page.tagName}.${page.getAttribute('class')}`, ...shape(page)]);
    expect(prerendered.textContent).toBe(page.textContent);
  });
});
