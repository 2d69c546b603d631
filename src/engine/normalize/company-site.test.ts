import { describe, expect, it } from 'vitest';
import { companySite } from './company-site';

describe('companySite', () => {
  it.each([
    [['acme.com', 'https://www.acme.com/about'], 'acme.com'],
    [['', 'https://WWW.Acme.co.uk/'], 'acme.co.uk'],
    // HubSpot's domain for a Facebook page is the host's: the website names the page.
    [['facebook.com', 'https://www.facebook.com/joesplumbing'], 'facebook.com/joesplumbing'],
    [['facebook.com', 'https://facebook.com/pages/joesplumbing/'], 'facebook.com/joesplumbing'],
    [['', 'https://www.linkedin.com/company/acme-inc'], 'linkedin.com/acme-inc'],
    [['business.site', 'https://joes-plumbing.business.site/'], 'business.site/joes-plumbing'],
    [['wixsite.com', 'https://joesplumbing.wixsite.com/home'], 'wixsite.com/joesplumbing'],
  ])('%j → %j', (values, expected) => {
    expect(companySite(...values)).toBe(expected);
  });

  it.each([
    // A shared host without the page, or a webmail domain, names no company.
    [['facebook.com', '']],
    [['gmail.com', 'https://www.facebook.com/']],
    [['', '']],
    [[null, 'not a site']],
  ])('%j names no site', (values) => {
    expect(companySite(...values)).toBe('');
  });
});
