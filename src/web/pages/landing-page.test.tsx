import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLANS } from '../../shared/plans';
import { fakeApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';

function section(name: string | RegExp): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('landing page', () => {
  it('has one h1 and the sections of SPEC.md section 2, in order, inside the main landmark', () => {
    fakeApi();
    renderApp('/');
    const main = screen.getByRole('main');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('AI-powered data quality');

    const order = [
      /A clean HubSpot CRM/, // hero
      'Everything your CRM data needs', // features
      'Clean data, without the clean-up project', // key benefits
      'Works with the tools you already use', // integrations
      'Trusted by the people who own the CRM', // testimonials
      'Simple pricing that grows with your portal', // pricing
      'See what is hiding in your HubSpot data', // call to action
    ];
    const regions = order.map((name) => section(name));
    for (const region of regions) expect(main).toContainElement(region);
    for (let i = 1; i < regions.length; i++) {
      expect(regions[i - 1]!.compareDocumentPosition(regions[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    // The footer follows the page, from the site layout.
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('gives the header anchors their targets', () => {
    fakeApi();
    renderApp('/');
    expect(section('Everything your CRM data needs')).toHaveAttribute('id', 'features');
    expect(section(/Simple pricing/)).toHaveAttribute('id', 'pricing');
    expect(section(/Trusted by the people/)).toHaveAttribute('id', 'testimonials');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const anchor of ['features', 'pricing', 'testimonials']) {
      expect(within(nav).getAllByRole('link').some((link) => link.getAttribute('href') === `/#${anchor}`)).toBe(true);
    }
  });

  it('names the three capabilities and the four integrations', () => {
    fakeApi();
    renderApp('/');
    const features = section('Everything your CRM data needs');
    for (const name of ['Duplicate detection', 'Health scores', 'Automated monitoring']) {
      expect(within(features).getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    expect(within(features).getByText(/field by field/)).toBeInTheDocument();
    expect(within(features).getByRole('heading', { name: /backup/ })).toBeInTheDocument();

    const integrations = section('Works with the tools you already use');
    for (const name of ['HubSpot CRM', 'Google sign-in', 'Email notifications', 'Slack notifications']) {
      expect(within(integrations).getByRole('heading', { name })).toBeInTheDocument();
    }
  });

  it('quotes named customers with their role and company', () => {
    fakeApi();
    renderApp('/');
    const testimonials = section(/Trusted by the people/);
    const figures = within(testimonials).getAllByRole('figure');
    expect(figures.length).toBeGreaterThanOrEqual(3);
    for (const figure of figures) {
      expect(figure.querySelector('blockquote')?.textContent?.length).toBeGreaterThan(80);
      const caption = figure.querySelector('figcaption')!.cloneNode(true) as HTMLElement;
      caption.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      // A first and last name, then 'Role, Company'.
      expect(caption.textContent).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+[A-Z].+, [A-Z].+$/);
    }
  });

  it('prices every plan of the catalog, with its record limit and features, and marks Professional MOST POPULAR', () => {
    fakeApi();
    renderApp('/');
    const pricing = section(/Simple pricing/);
    const cards = within(pricing).getAllByRole('article');
    expect(cards).toHaveLength(PLANS.length);
    PLANS.forEach((plan, index) => {
      const card = cards[index]!;
      expect(card).toHaveAccessibleName(plan.name);
      expect(within(card).getByText(`$${plan.pricePerMonth}`)).toBeInTheDocument();
      expect(within(card).getByText('/month')).toBeInTheDocument();
      expect(within(card).getByText(plan.recordLimit === null ? 'Unlimited records' : `Up to ${plan.recordLimit.toLocaleString('en-US')} records`)).toBeInTheDocument();
      for (const feature of plan.features.filter((feature) => feature !== 'Unlimited records')) {
        expect(within(card).getByText(feature)).toBeInTheDocument();
      }
      expect(within(card).queryByText('MOST POPULAR') !== null).toBe(plan.mostPopular);
      expect(within(card).getByRole('link', { name: /^Start Free Trial/ })).toHaveAttribute('href', `/auth?tab=register&redirect=subscribe&plan=${plan.id}`);
    });
    expect(screen.getAllByText('MOST POPULAR')).toHaveLength(1);
    expect(within(cards[1]!).getByText('MOST POPULAR')).toBeInTheDocument();
    expect(PLANS[1]).toMatchObject({ id: 'professional', pricePerMonth: 29, recordLimit: 50_000 });
    expect(within(pricing).getByText(/Try Free for 14 Days/)).toBeInTheDocument();
  });

  it('sends the hero and closing calls to action to registration and the demo', () => {
    fakeApi();
    renderApp('/');
    expect(screen.getByText('Try Free for 14 Days')).toBeInTheDocument();
    for (const name of [/A clean HubSpot CRM/, 'See what is hiding in your HubSpot data']) {
      const region = section(name);
      expect(within(region).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/auth?tab=register');
      expect(within(region).getByRole('link', { name: 'View Demo' })).toHaveAttribute('href', '/demo');
    }
  });

  it("says 'Register Interest' instead of 'Start Free Trial' and 'Get Started' in interest-only mode", () => {
    fakeApi();
    renderApp('/', { flags: { interestOnly: true } });
    expect(screen.queryByText(/Start Free Trial|Get Started/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login / Register' })).not.toBeInTheDocument();
    const hero = section(/A clean HubSpot CRM/);
    expect(within(hero).getByRole('link', { name: 'Register Interest' })).toHaveAttribute('href', '/auth?tab=register');
    const pricing = section(/Simple pricing/);
    expect(within(pricing).getAllByRole('link', { name: /^Register Interest, .+ plan$/ })).toHaveLength(PLANS.length);
    // Header, hero, three plans and the closing call to action.
    expect(screen.getAllByRole('link', { name: /^Register Interest/ })).toHaveLength(PLANS.length + 3);
  });

  it('asks the server for nothing', () => {
    const api = fakeApi();
    renderApp('/');
    expect(api.calls).toEqual([]);
  });

  it('describes the product illustration as one image', () => {
    fakeApi();
    renderApp('/');
    expect(screen.getByRole('img', { name: /health score of 86 out of 100.+duplicate/ })).toBeInTheDocument();
  });
});
