import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('information and legal pages', () => {
  it.each([
    ['/about-us', 'About Us'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/cookie-policy', 'Cookie Policy'],
    ['/gdpr', 'GDPR'],
  ])('%s is dated November 25, 2026', async (path, title) => {
    fakeApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated:/)).toHaveTextContent('Last updated: November 25, 2026');
    expect(document.title).toBe(`${title} – DataCleaner`);
  });

  it.each(['/privacy-policy', '/terms-of-service', '/cookie-policy', '/gdpr'])('%s has a table of contents that points at its sections', async (path) => {
    fakeApi();
    renderApp(path);
    const contents = await screen.findByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const link of links) {
      const id = link.getAttribute('href')!.slice(1);
      expect(document.getElementById(id), id).toHaveTextContent(link.textContent!);
    }
  });

  it('scrolls to the section a link names, once the lazily loaded page is there', async () => {
    fakeApi();
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    renderApp('/privacy-policy#retention');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    // The router's scroll restoration may scroll to it as well: the same section either way.
    expect(scrolled.length).toBeGreaterThan(0);
    expect(new Set(scrolled)).toEqual(new Set(['retention']));
  });

  it('lists every cookie and local-storage key the site uses', async () => {
    fakeApi();
    renderApp('/cookie-policy');
    await screen.findByRole('heading', { level: 1, name: 'Cookie Policy' });
    const cookies = screen.getByRole('table', { name: 'Cookies DataCleaner sets' });
    for (const name of ['dc_session', 'dc_device', 'dc_oauth', 'dc_hubspot_oauth']) expect(within(cookies).getByRole('rowheader', { name })).toBeInTheDocument();
    const storage = screen.getByRole('table', { name: 'Local storage DataCleaner uses' });
    for (const name of ['userId', 'datacleaner.*']) expect(within(storage).getByRole('rowheader', { name })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /What we do not use/ })).toBeInTheDocument();
    expect(screen.getByText(/no analytics or tracking cookies/)).toBeInTheDocument();
  });

  it('states the principles on /about-us', async () => {
    fakeApi();
    renderApp('/about-us');
    for (const principle of ['Explainable', 'Safe with your data']) expect(await screen.findByRole('heading', { level: 3, name: principle })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/auth?tab=register');
  });

  it('words the sign-up link for interest-only builds', async () => {
    fakeApi();
    renderApp('/about-us', { flags: { interestOnly: true } });
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Register Interest' })).toHaveAttribute('href', '/auth?tab=register');
  });
});
