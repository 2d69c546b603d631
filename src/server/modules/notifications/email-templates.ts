import { BRAND_COLORS } from '../../../shared/brand-colors';

/** What every email needs: the subject goes in the envelope, html and text are the two alternatives. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface EmailContent {
  /** The line inbox lists show after the subject; hidden in the body itself. */
  preheader: string;
  heading: string;
  /** Plain text, one paragraph each: escaped here, so callers never write HTML. */
  paragraphs: string[];
  /** Figures after the paragraphs: tables, sub-headings, numbered items. */
  blocks?: EmailBlock[];
  action?: { label: string; url: string };
  /** Why the recipient got this email, shown small in the footer. */
  footnote: string;
  /** Links under the footnote, such as the notification settings and Unsubscribe. */
  footerLinks?: EmailLink[];
}

export interface EmailLink {
  label: string;
  url: string;
}

/** good: green (a score went up); bad: red; muted: grey (no figure). */
export type Tone = 'good' | 'bad' | 'muted';

/**
 * One table cell: its text is what the plain-text part shows. `bars` (0-100, null for a gap)
 * draws a small bar chart from table cells instead of the text, as no email client can be
 * trusted with images or CSS charts.
 */
export type EmailCell = string | { text: string; tone?: Tone; strong?: boolean; bars?: readonly (number | null)[] };

/** Parts of an email body; each renders as HTML and as plain text with the same words and figures. */
export type EmailBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string; tone?: Tone }
  | { type: 'table'; columns: string[]; rows: EmailCell[][] }
  | { type: 'items'; items: { title: string; text: string }[] };

const productName = 'DataCleaner';
const tagline = 'AI-powered data quality management for HubSpot CRM';

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const colors = {
  page: '#f4f5f7',
  card: '#ffffff',
  border: '#e2e8f0',
  // The app's buttons and header: brand-700 carries white text at 5.5:1.
  brand: BRAND_COLORS[700],
  heading: '#0f172a',
  body: '#334155',
  muted: '#64748b',
  good: '#15803d',
  bad: '#b91c1c',
  bar: BRAND_COLORS[600],
  gap: '#cbd5e1',
  stripe: '#f8fafc',
};
const toneColor = (tone: Tone | undefined) => (tone ? colors[tone] : colors.body);

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEntities[c] ?? c);
}

/** A link that is not http(s) would be a script or a local file in some clients. */
function assertWebUrl(url: string): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error(`Email link is not a valid URL: ${url}`);
  }
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`Email link must be http or https: ${url}`);
}

function paragraphHtml(text: string, tone?: Tone): string {
  return `<p style="margin:0 0 16px 0;font-family:${font};font-size:16px;line-height:24px;color:${toneColor(tone)};">${escapeHtml(text)}</p>`;
}

/** A table cell with bgcolor is the button Outlook draws; the padded link or button makes it clickable everywhere else. */
function buttonHtml(inner: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;">
<tr><td align="center" bgcolor="${colors.brand}" style="border-radius:6px;background-color:${colors.brand};">
${inner}
</td></tr>
</table>`;
}

const buttonStyle = `display:inline-block;padding:12px 28px;font-family:${font};font-size:16px;font-weight:600;line-height:24px;color:#ffffff;text-decoration:none;border-radius:6px;`;

function actionHtml(action: EmailLink): string {
  const url = escapeHtml(action.url);
  return `${buttonHtml(`<a href="${url}" target="_blank" style="${buttonStyle}">${escapeHtml(action.label)}</a>`)}
<p style="margin:0 0 4px 0;font-family:${font};font-size:13px;line-height:20px;color:${colors.muted};">If the button does not work, copy this link into your browser:</p>
<p style="margin:0;font-family:${font};font-size:13px;line-height:20px;word-break:break-all;"><a href="${url}" target="_blank" style="color:${colors.brand};text-decoration:underline;">${url}</a></p>`;
}

const cellOf = (cell: EmailCell) => (typeof cell === 'string' ? { text: cell } : cell);

/** Bars 40px high at 100, bottom-aligned; a gap (no figure that week) is a thin grey line. */
function barsHtml(values: readonly (number | null)[], label: string): string {
  const cells = values.map((value) => {
    const height = value === null ? 2 : Math.max(2, Math.round((Math.min(100, Math.max(0, value)) / 100) * 40));
    const color = value === null ? colors.gap : colors.bar;
    return `<td valign="bottom" style="padding:0 1px;"><table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td width="8" height="${height}" bgcolor="${color}" style="width:8px;height:${height}px;background-color:${color};font-size:0;line-height:0;">&nbsp;</td></tr></table></td>`;
  });
  return `<table role="img" aria-label="${escapeHtml(label)}" cellpadding="0" cellspacing="0" border="0" style="height:40px;"><tr>${cells.join('')}</tr></table>`;
}

function tableHtml(columns: string[], rows: EmailCell[][]): string {
  const th = (label: string, i: number) =>
    `<th align="${i === 0 ? 'left' : 'right'}" style="padding:8px 6px;border-bottom:2px solid ${colors.border};font-family:${font};font-size:12px;font-weight:600;line-height:16px;color:${colors.muted};text-transform:uppercase;letter-spacing:0.03em;">${escapeHtml(label)}</th>`;
  const td = (raw: EmailCell, i: number, stripe: boolean) => {
    const cell = cellOf(raw);
    const content = cell.bars ? barsHtml(cell.bars, `${columns[i] ?? ''}: ${cell.text}`) : escapeHtml(cell.text);
    const weight = cell.strong || i === 0 ? 600 : 400;
    return `<td align="${i === 0 ? 'left' : 'right'}" valign="${cell.bars ? 'bottom' : 'middle'}"${stripe ? ` bgcolor="${colors.stripe}"` : ''} style="padding:8px 6px;border-bottom:1px solid ${colors.border};font-family:${font};font-size:14px;font-weight:${weight};line-height:20px;color:${toneColor(cell.tone)};">${content}</td>`;
  };
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px 0;border-collapse:collapse;">
<tr>${columns.map(th).join('')}</tr>
${rows.map((row, r) => `<tr>${row.map((cell, i) => td(cell, i, r % 2 === 1)).join('')}</tr>`).join('\n')}
</table>`;
}

function itemsHtml(items: { title: string; text: string }[]): string {
  const rows = items.map(
    (item, i) => `<tr><td valign="top" width="28" style="width:28px;padding:0 0 14px 0;font-family:${font};font-size:16px;font-weight:700;line-height:24px;color:${colors.brand};">${i + 1}.</td>
<td valign="top" style="padding:0 0 14px 0;font-family:${font};font-size:15px;line-height:22px;color:${colors.body};"><strong style="color:${colors.heading};">${escapeHtml(item.title)}</strong><br>${escapeHtml(item.text)}</td></tr>`,
  );
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 8px 0;">\n${rows.join('\n')}\n</table>`;
}

function blockHtml(block: EmailBlock): string {
  switch (block.type) {
    case 'heading':
      return `<h2 style="margin:8px 0 12px 0;font-family:${font};font-size:17px;font-weight:700;line-height:24px;color:${colors.heading};">${escapeHtml(block.text)}</h2>`;
    case 'paragraph':
      return paragraphHtml(block.text, block.tone);
    case 'table':
      return tableHtml(block.columns, block.rows);
    case 'items':
      return itemsHtml(block.items);
  }
}

/** The plain-text part: a table becomes one line per row and an indented line per figure. */
function blockText(block: EmailBlock): string[] {
  switch (block.type) {
    case 'heading':
      return [block.text, '-'.repeat(Math.min(block.text.length, 60)), ''];
    case 'paragraph':
      return [block.text, ''];
    case 'table':
      return block.rows.flatMap((row) => [
        cellOf(row[0] ?? '').text,
        ...row.slice(1).flatMap((cell, i) => (cellOf(cell).text ? [`  ${block.columns[i + 1] ?? ''}: ${cellOf(cell).text}`] : [])),
        '',
      ]);
    case 'items':
      return block.items.flatMap((item, i) => [`${i + 1}. ${item.title}`, `   ${item.text}`, '']);
  }
}

interface Shell {
  title: string;
  /** Hidden text inbox lists show; none for a web page. */
  preheader?: string;
  body: string;
  footer: string;
}

/** The frame every email and page shares: brand bar, card, footer; table-based with inline styles, as email clients ignore style sheets. */
function shellHtml({ title, preheader, body, footer }: Shell): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.page};">
${preheader === undefined ? '' : `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${colors.page};">${escapeHtml(preheader)}</div>\n`}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${colors.page};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="background-color:${colors.brand};border-radius:8px 8px 0 0;padding:20px 32px;font-family:${font};font-size:20px;font-weight:700;line-height:28px;color:#ffffff;">${productName}</td></tr>
<tr><td style="background-color:${colors.card};border:1px solid ${colors.border};border-top:0;border-radius:0 0 8px 8px;padding:32px;">
<h1 style="margin:0 0 16px 0;font-family:${font};font-size:22px;font-weight:700;line-height:30px;color:${colors.heading};">${escapeHtml(title)}</h1>
${body}
</td></tr>
<tr><td align="center" style="padding:24px 16px 0 16px;font-family:${font};font-size:12px;line-height:18px;color:${colors.muted};">
<p style="margin:0 0 8px 0;"><strong>${productName}</strong> &middot; ${tagline}</p>
${footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function footerLinksHtml(links: EmailLink[]): string {
  const anchors = links.map((link) => `<a href="${escapeHtml(link.url)}" target="_blank" style="color:${colors.muted};text-decoration:underline;">${escapeHtml(link.label)}</a>`);
  return `<p style="margin:8px 0 0 0;">${anchors.join(' &middot; ')}</p>`;
}

/** The one layout of every email. */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  const links = [...(content.action ? [content.action] : []), ...(content.footerLinks ?? [])];
  for (const link of links) assertWebUrl(link.url);
  const blocks = content.blocks ?? [];
  const html = shellHtml({
    title: content.heading,
    preheader: content.preheader,
    body: [...content.paragraphs.map((p) => paragraphHtml(p)), ...blocks.map(blockHtml), ...(content.action ? [actionHtml(content.action)] : [])].join('\n'),
    footer: `<p style="margin:0;">${escapeHtml(content.footnote)}</p>${content.footerLinks?.length ? `\n${footerLinksHtml(content.footerLinks)}` : ''}`,
  });
  const text = [
    productName,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...blocks.flatMap(blockText),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    `${productName} - ${tagline}`,
    content.footnote,
    ...(content.footerLinks ?? []).map((link) => `${link.label}: ${link.url}`),
    '',
  ].join('\n');
  return { html, text };
}

export interface PageContent {
  heading: string;
  paragraphs: string[];
  /** A button that POSTs a form to `action` (a path on this server), for a change a link must not make by itself. */
  form?: { label: string; action: string };
  link?: EmailLink;
}

/**
 * A small web page in the emails' look, for the links in emails that answer outside the app
 * (unsubscribe). Self-contained: no scripts, no style sheets.
 */
export function renderPage(content: PageContent): string {
  if (content.link) assertWebUrl(content.link.url);
  if (content.form && !content.form.action.startsWith('/')) throw new Error(`A page's form posts to a path on this server: ${content.form.action}`);
  const form = content.form
    ? buttonHtml(`<form method="post" action="${escapeHtml(content.form.action)}" style="margin:0;"><button type="submit" style="${buttonStyle}background-color:${colors.brand};border:0;cursor:pointer;">${escapeHtml(content.form.label)}</button></form>`)
    : '';
  const link = content.link ? `<p style="margin:0;font-family:${font};font-size:15px;line-height:22px;"><a href="${escapeHtml(content.link.url)}" style="color:${colors.brand};text-decoration:underline;">${escapeHtml(content.link.label)}</a></p>` : '';
  return shellHtml({ title: content.heading, body: [...content.paragraphs.map((p) => paragraphHtml(p)), form, link].filter(Boolean).join('\n'), footer: '' });
}

export function verificationEmail({ verifyUrl, email }: { verifyUrl: string; email: string }): RenderedEmail {
  const subject = 'Verify your email address';
  return {
    subject,
    ...renderEmail({
      preheader: `Confirm your email address to finish setting up ${productName}.`,
      heading: subject,
      paragraphs: [
        `Thanks for signing up for ${productName}. Confirm that ${email} is your email address to finish creating your account.`,
        'This link expires in 24 hours. If you did not create an account, you can ignore this email.',
      ],
      action: { label: 'Verify email address', url: verifyUrl },
      footnote: `You received this email because someone signed up for ${productName} with ${email}.`,
    }),
  };
}

export function passwordResetEmail({ resetUrl, email }: { resetUrl: string; email: string }): RenderedEmail {
  const subject = 'Reset your password';
  return {
    subject,
    ...renderEmail({
      preheader: `Choose a new password for your ${productName} account.`,
      heading: subject,
      paragraphs: [
        `We received a request to reset the password of the ${productName} account for ${email}.`,
        'This link is valid for one hour. If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', url: resetUrl },
      footnote: `You received this email because a password reset was requested for ${email}.`,
    }),
  };
}

export function passwordChangedEmail({ email, supportUrl }: { email: string; supportUrl: string }): RenderedEmail {
  const subject = 'Your password was changed';
  return {
    subject,
    ...renderEmail({
      preheader: `The password of your ${productName} account was just changed.`,
      heading: subject,
      paragraphs: [
        `The password of the ${productName} account for ${email} was just changed.`,
        'To keep your account safe, every signed-in device was signed out. Sign in again with your new password.',
        'If you did not change your password, contact support right away.',
      ],
      action: { label: 'Contact support', url: supportUrl },
      footnote: `You received this email because the password of the ${productName} account for ${email} was changed. We send this notice after every password change.`,
    }),
  };
}

/** To an account's owner when someone registers with their address: registration answers as if the address were free. */
export function registrationAttemptEmail({ email, signInUrl }: { email: string; signInUrl: string }): RenderedEmail {
  const subject = 'Someone tried to register with your email address';
  return {
    subject,
    ...renderEmail({
      preheader: `You already have a ${productName} account.`,
      heading: subject,
      paragraphs: [
        `Someone just tried to create a ${productName} account with ${email}, but you already have one.`,
        'If it was you, sign in instead. Forgot your password? Choose "Forgot your password?" on the sign-in page to reset it.',
        'If it was not you, you can ignore this email: nothing about your account changed.',
      ],
      action: { label: 'Sign in', url: signInUrl },
      footnote: `You received this email because someone tried to register for ${productName} with ${email}.`,
    }),
  };
}

/** A message from the Support page, for the support inbox; a reply goes to the sender. */
export function supportMessageEmail(message: { email: string; name?: string | undefined; topic: string; text: string; accountId: number | null; accountEmail: string | null }): RenderedEmail {
  const from = message.name ? `${message.name} <${message.email}>` : message.email;
  const firstLine = message.text.split('\n')[0]!.slice(0, 60);
  const subject = `[Support] ${message.topic}: ${firstLine}`;
  const account = message.accountId !== null ? `Signed in as account ${message.accountId} (${message.accountEmail}).` : 'Not signed in.';
  return {
    subject,
    ...renderEmail({
      preheader: `${from} wrote about ${message.topic}.`,
      heading: `Support: ${message.topic}`,
      paragraphs: [`From ${from}. ${account}`, ...message.text.split(/\n{2,}/)],
      footnote: 'Sent from the Support page of DataCleaner. Reply to this email to answer the sender.',
    }),
  };
}
