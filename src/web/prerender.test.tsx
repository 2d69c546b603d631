import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ARTICLES } from './features/blog/articles';
import { prerenderedPaths, renderPage } from './prerender';
import { fakeApi } from './test/fake-api';
import { renderApp } from './test/render-app';

/** The prerendered markup as styles.css shows it: the hidden account area gone, the shown one unwrapped. */
function asShown(html: string, signedIn: boolean): HTMLDivElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  for (const hidden of root.querySelectorAll(signedIn ? '.account-when-signed-out' : '.account-when-signed-in')) hidden.remove();
  for (const shown of root.querySelectorAll(signedIn ? '.account-when-signed-in' : '.account-when-signed-out')) shown.replaceWith(...shown.childNodes);
  return root;
}

// The same elements in the same order with the same classes: React's first render replaces it without a shift.
const shape = (root: Element) => [...root.querySelectorAll('*')].map((el) => `${el.tagName}.${el.getAttribute('class') ?? ''}`);

function expectSameAsApp(prerendered: HTMLDivElement, container: HTMLElement) {
  // The page is the router's one element; the toasts' region (fixed, empty) follows it in the app.
  expect(prerendered.children).toHaveLength(1);
  const page = container.firstElementChild!;
  expect(shape(prerendered)).toEqual([`${page.tagName}.${page.getAttribute('class')}`, ...shape(page)]);
  expect(prerendered.textContent).toBe(page.textContent);
}

afterEach(() => {
  document.cookie = 'dc_signed_in=; Max-Age=0; Path=/';
});

describe('prerendering', () => {
  it('renders the landing page as the app first renders it, hero heading and text included', async () => {
    const html = await renderPage('/');
    const prerendered = asShown(html, false);
    expect(prerendered.querySelector('h1')?.textContent).toMatch(/A clean HubSpot CRM/);
    expect(prerendered.querySelector('main')).not.toBeNull();
    expect(prerendered.querySelector('footer')).not.toBeNull();

    fakeApi();
    const { container } = renderApp('/');
    expect(screen.getByRole('link', { name: 'Login / Register' })).toBeInTheDocument();
    expectSameAsApp(prerendered, container);
  });

  it('carries the signed-in header too, which a signed-in browser sees before and after the script runs: no Login / Register flash', async () => {
    const html = await renderPage('/');
    const prerendered = asShown(html, true);
    expect(prerendered.textContent).toContain('Go to dashboard');
    expect(prerendered.textContent).not.toContain('Login / Register');

    document.cookie = 'dc_signed_in=1; Path=/';
    const api = fakeApi();
    const { container } = renderApp('/');
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Login / Register' })).not.toBeInTheDocument();
    expectSameAsApp(prerendered, container);
    // The landing page still does not look the user up (SPEC.md section 2).
    expect(api.callsTo('GET', '/api/user')).toHaveLength(0);
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
    // As a visitor sees it: the signed-in account area hidden.
    const prerendered = asShown(await renderPage(path), false);
    expect(prerendered.querySelector('main h1')?.textContent).toBeTruthy();
    expect(prerendered.textContent).not.toContain('Loading...');

    fakeApi();
    const { container } = renderApp(path);
    const page = container.firstElementChild!;
    expect(shape(prerendered)).toEqual([`${page.tagName}.${page.getAttribute('class')}`, ...shape(page)]);
    expect(prerendered.textContent).toBe(page.textContent);
  });
});
