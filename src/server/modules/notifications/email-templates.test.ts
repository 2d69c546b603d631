import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_COLORS } from '../../../shared/brand-colors';
import { passwordChangedEmail, passwordResetEmail, renderEmail, verificationEmail } from './email-templates';

const url = 'https://app.example.com/verify?token=abc&next=%2Fscans';
const escapedUrl = 'https://app.example.com/verify?token=abc&amp;next=%2Fscans';
const hostileEmail = 'tom&jerry<script>alert(1)</script>@example.com';

const templates = [
  { name: 'verificationEmail', email: verificationEmail({ verifyUrl: url, email: 'ada@example.com' }), subject: 'Verify your email address' },
  { name: 'passwordResetEmail', email: passwordResetEmail({ resetUrl: url, email: 'ada@example.com' }), subject: 'Reset your password' },
  { name: 'passwordChangedEmail', email: passwordChangedEmail({ supportUrl: url, email: 'ada@example.com' }), subject: 'Your password was changed' },
];

describe.each(templates)('$name', ({ email, subject }) => {
  it('has its subject, the product name and the footer', () => {
    expect(email.subject).toBe(subject);
    expect(email.html).toContain('<title>' + subject + '</title>');
    expect(email.html).toContain('DataCleaner');
    expect(email.html).toContain('AI-powered data quality management for HubSpot CRM');
    expect(email.text).toContain('AI-powered data quality management for HubSpot CRM');
    expect(email.html).toContain('ada@example.com');
  });

  it('puts the link in the button and again as text, escaped', () => {
    const hrefs = [...email.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([escapedUrl, escapedUrl]);
    expect(email.html).toContain(`>${escapedUrl}</a>`);
    expect(email.html).not.toContain(url);
  });

  it('has a plain-text alternative with the raw link and no markup', () => {
    expect(email.text).toContain(url);
    expect(email.text).toContain(subject);
    expect(email.text).not.toMatch(/<[a-z]/i);
  });

  it('keeps to a 560px table layout with inline styles', () => {
    expect(email.html).toContain('max-width:560px');
    expect(email.html).toContain('role="presentation"');
    expect(email.html).not.toContain('<style');
  });
});

it('says how long each link lasts and when to ignore the email', () => {
  const verification = verificationEmail({ verifyUrl: url, email: 'ada@example.com' });
  expect(verification.text).toContain('expires in 24 hours');
  expect(verification.html).toContain('expires in 24 hours');
  expect(verification.text).toContain('If you did not create an account, you can ignore this email.');

  const reset = passwordResetEmail({ resetUrl: url, email: 'ada@example.com' });
  expect(reset.text).toContain('valid for one hour');
  expect(reset.html).toContain('valid for one hour');
  expect(reset.text).toContain('If you did not ask to reset your password, you can ignore this email');

  const changed = passwordChangedEmail({ supportUrl: url, email: 'ada@example.com' });
  expect(changed.text).toContain('every signed-in device was signed out');
});

it.each([
  ['verificationEmail', verificationEmail({ verifyUrl: url, email: hostileEmail })],
  ['passwordResetEmail', passwordResetEmail({ resetUrl: url, email: hostileEmail })],
  ['passwordChangedEmail', passwordChangedEmail({ supportUrl: url, email: hostileEmail })],
])('%s escapes the address in HTML and keeps it as written in text', (_name, email) => {
  expect(email.html).not.toContain('<script>');
  expect(email.html).not.toContain('tom&jerry');
  expect(email.html).toContain('tom&amp;jerry&lt;script&gt;alert(1)&lt;/script&gt;@example.com');
  expect(email.text).toContain(hostileEmail);
});

describe('renderEmail', () => {
  it('escapes every value it is given', () => {
    const { html } = renderEmail({
      preheader: 'pre <b>',
      heading: 'Scan "done" & <i>dusted</i>',
      paragraphs: ["It's <img src=x onerror=alert(1)>"],
      action: { label: '<Open>', url: 'https://example.com/?a="x"' },
      footnote: 'foot & <note>',
    });
    expect(html).toContain('pre &lt;b&gt;');
    expect(html).toContain('Scan &quot;done&quot; &amp; &lt;i&gt;dusted&lt;/i&gt;');
    expect(html).toContain('It&#39;s &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;Open&gt;');
    expect(html).toContain('href="https://example.com/?a=&quot;x&quot;"');
    expect(html).toContain('foot &amp; &lt;note&gt;');
    expect(html).not.toMatch(/<(b|i|img|note)[ >]/);
  });

  it('leaves the button out when there is no action', () => {
    const { html, text } = renderEmail({ preheader: 'p', heading: 'h', paragraphs: ['one', 'two'], footnote: 'f' });
    expect(html).not.toContain('<a ');
    expect(text).toContain('one\n\ntwo');
  });

  it('refuses a link that is not http or https', () => {
    const content = { preheader: 'p', heading: 'h', paragraphs: [], footnote: 'f' };
    expect(() => renderEmail({ ...content, action: { label: 'Go', url: 'javascript:alert(1)' } })).toThrow(/http or https/);
    expect(() => renderEmail({ ...content, action: { label: 'Go', url: 'not a url' } })).toThrow(/not a valid URL/);
  });
});

describe("the emails' colours", () => {
  it("are the app's teal: the brand colours the web app's style sheet defines", () => {
    const css = readFileSync(new URL('../../../web/styles.css', import.meta.url), 'utf8');
    const theme = Object.fromEntries([...css.matchAll(/--color-brand-(\d+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]!.toLowerCase()]));
    expect(theme).toEqual(Object.fromEntries(Object.entries(BRAND_COLORS).map(([shade, hex]) => [shade, hex])));
  });

  it('paint the header, the button and the links teal, and nothing blue', () => {
    for (const { email } of templates) {
      expect(email.html).toContain(`bgcolor="${BRAND_COLORS[700]}"`);
      expect(email.html).toContain(`background-color:${BRAND_COLORS[700]};border-radius:8px 8px 0 0`);
      expect(email.html).toContain(`style="color:${BRAND_COLORS[700]};text-decoration:underline;"`);
      // Tailwind's blues, which the emails used before.
      expect(email.html).not.toMatch(/#(1d4ed8|3b82f6|2563eb|1e40af|60a5fa)/i);
    }
  });
});
