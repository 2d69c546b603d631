import { describe, expect, it } from 'vitest';
import { renderPage } from './prerender';
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
});
