import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, makeUser } from '../test/fake-api';
import { currentUrl, renderApp } from '../test/render-app';
import { demoCounterpart } from './routes';

describe('routes', () => {
  it('shows the landing page with the three plans at /', () => {
    fakeApi();
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('A clean HubSpot CRM');
    expect(screen.getByRole('heading', { name: 'Starter' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Professional' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enterprise' })).toBeInTheDocument();
    expect(screen.getByText('MOST POPULAR')).toBeInTheDocument();
  });

  it("shows 'Page Not Found' for an unknown path", () => {
    fakeApi();
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('shows the tagline, the footer groups and the current year in the footer', () => {
    // A set date: the real one could turn a year between the render and the check.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-15T12:00:00Z'));
    fakeApi();
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('AI-powered data quality management for HubSpot CRM')).toBeInTheDocument();
    expect(within(footer).getByText(/© 2031/)).toBeInTheDocument();
    for (const group of ['Product', 'Company', 'Legal']) expect(within(footer).getByRole('navigation', { name: group })).toBeInTheDocument();
    for (const [name, href] of [
      ['About Us', '/about-us'],
      ['Blog', '/blog'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms-of-service'],
      ['Cookie Policy', '/cookie-policy'],
      ['GDPR', '/gdpr'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // Links with no target yet are placeholders, not links anywhere.
    for (const name of ['API', 'Documentation', 'Careers', 'Contact']) expect(within(footer).getByText(name)).not.toHaveAttribute('href');
  });

  it('links the header to the sections, the demo, the blog and sign-in', () => {
    fakeApi();
    renderApp('/');
    const header = screen.getByRole('navigation', { name: 'Main' });
    expect(within(header).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/#features');
    expect(within(header).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing');
    expect(within(header).getByRole('link', { name: 'Testimonials' })).toHaveAttribute('href', '/#testimonials');
    expect(within(header).getByRole('link', { name: 'Demo' })).toHaveAttribute('href', '/demo');
    expect(within(header).getByRole('link', { name: 'Login / Register' })).toHaveAttribute('href', '/auth');
    expect(within(header).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth?tab=register');
    expect(within(header).getByRole('link', { name: 'Blog' })).not.toHaveAttribute('aria-current');
  });

  it('highlights Blog on blog pages', async () => {
    fakeApi();
    renderApp('/blog/measuring-crm-health');
    expect(await screen.findByRole('heading', { level: 1, name: 'Measuring CRM health: completeness, freshness and duplicate rate' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  });

  it("shows 'Loading...' while a page's code loads", async () => {
    fakeApi();
    renderApp('/about-us');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
  });

  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/cookie-policy', 'Cookie Policy'],
    ['/gdpr', 'GDPR'],
    ['/blog', 'Blog'],
    ['/support', 'Support'],
    ['/subscribe?plan=starter', 'Choose your plan'],
  ])('serves %s', async (path, heading) => {
    fakeApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('explains an expired trial on /subscribe', async () => {
    fakeApi();
    renderApp('/subscribe?expiredTrial=true#plans');
    expect(await screen.findByText('Your free trial has ended')).toBeInTheDocument();
  });

  it('sends /login to /auth and /register to the Register tab', async () => {
    fakeApi();
    const login = renderApp('/login');
    await waitFor(() => expect(currentUrl(login.router)).toBe('/auth'));
    login.unmount();
    const register = renderApp('/register');
    await waitFor(() => expect(currentUrl(register.router)).toBe('/auth?tab=register'));
    expect(await screen.findByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('interest-only mode', () => {
  it("says 'Register Interest' and hides the Login link", () => {
    fakeApi();
    renderApp('/', { flags: { interestOnly: true } });
    const header = screen.getByRole('navigation', { name: 'Main' });
    expect(within(header).getByRole('link', { name: 'Register Interest' })).toHaveAttribute('href', '/auth?tab=register');
    expect(within(header).queryByRole('link', { name: 'Login / Register' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
  });

  it('sends /login to the Register tab', async () => {
    fakeApi();
    const { router } = renderApp('/login', { flags: { interestOnly: true } });
    await waitFor(() => expect(currentUrl(router)).toBe('/auth?tab=register'));
    expect(await screen.findByRole('heading', { name: 'Register Interest' })).toBeInTheDocument();
  });
});

describe('the demo', () => {
  it("opens without signing in, showing 'Loading demo content...' first", async () => {
    const api = fakeApi();
    renderApp('/demo');
    expect(screen.getByRole('status')).toHaveTextContent('Loading demo content...');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Demo')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'App' });
    expect(within(nav).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/demo/reports');
    expect(within(nav).getByRole('link', { name: 'AI Assistant' })).toHaveAttribute('href', '/demo/assistant');
    expect(api.callsTo('POST', '/api/logout')).toEqual([]);
  });

  it.each([
    ['/demo/dashboard', 'Dashboard'],
    ['/demo/reports', 'Reports'],
    ['/demo/assistant', 'AI Assistant'],
    ['/demo/ai', 'AI Assistant'],
    ['/demo/settings', 'Settings'],
    ['/demo/help', 'Help'],
    ['/demo/duplicates', 'Duplicates'],
    ['/demo/enterprise-api', 'Enterprise API'],
    ['/demo/objects/contacts', 'Objects are disabled in the demo'],
    ['/demo/objects/contacts/123', 'Objects are disabled in the demo'],
  ])('serves %s', async (path, heading) => {
    fakeApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('sends the signed-in pages to the demo when the build forces it', async () => {
    fakeApi();
    const settings = renderApp('/settings', { flags: { forceDemo: true } });
    await waitFor(() => expect(currentUrl(settings.router)).toBe('/demo/settings'));
    settings.unmount();
    const onboarding = renderApp('/onboarding', { flags: { forceDemo: true } });
    await waitFor(() => expect(currentUrl(onboarding.router)).toBe('/demo/dashboard'));
    expect(demoCounterpart('/objects/deals')).toBe('/demo/objects/deals');
    expect(demoCounterpart('/profile/setup')).toBe('/demo/dashboard');
  });
});

describe('the user lookup', () => {
  it('is not made on public pages', async () => {
    const api = fakeApi();
    renderApp('/about-us');
    await screen.findByRole('heading', { name: 'About Us' });
    expect(api.callsTo('GET', '/api/user')).toEqual([]);
  });

  it('is made on signed-in pages', async () => {
    const api = fakeApi({ 'GET /api/user': () => json(makeUser()) });
    renderApp('/reports');
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/user')).toHaveLength(1);
  });
});
