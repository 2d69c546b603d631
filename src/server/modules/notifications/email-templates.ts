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
  action?: { label: string; url: string };
  /** Why the recipient got this email, shown small in the footer. */
  footnote: string;
}

const productName = 'DataCleaner';
const tagline = 'AI-powered data quality management for HubSpot CRM';

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const colors = {
  page: '#f4f5f7',
  card: '#ffffff',
  border: '#e2e8f0',
  brand: '#1d4ed8',
  heading: '#0f172a',
  body: '#334155',
  muted: '#64748b',
};

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEntities[c] ?? c);
}

/** A button link that is not http(s) would be a script or a local file in some clients. */
function assertWebUrl(url: string): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error(`Email link is not a valid URL: ${url}`);
  }
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`Email link must be http or https: ${url}`);
}

function paragraphHtml(text: string): string {
  return `<p style="margin:0 0 16px 0;font-family:${font};font-size:16px;line-height:24px;color:${colors.body};">${escapeHtml(text)}</p>`;
}

function actionHtml(action: { label: string; url: string }): string {
  const url = escapeHtml(action.url);
  // A table cell with bgcolor is the button Outlook draws; the padded link makes it clickable everywhere else.
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;">
<tr><td align="center" bgcolor="${colors.brand}" style="border-radius:6px;background-color:${colors.brand};">
<a href="${url}" target="_blank" style="display:inline-block;padding:12px 28px;font-family:${font};font-size:16px;font-weight:600;line-height:24px;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(action.label)}</a>
</td></tr>
</table>
<p style="margin:0 0 4px 0;font-family:${font};font-size:13px;line-height:20px;color:${colors.muted};">If the button does not work, copy this link into your browser:</p>
<p style="margin:0;font-family:${font};font-size:13px;line-height:20px;word-break:break-all;"><a href="${url}" target="_blank" style="color:${colors.brand};text-decoration:underline;">${url}</a></p>`;
}

/** The one layout of every email: table-based with inline styles, as email clients ignore style sheets. */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  if (content.action) assertWebUrl(content.action.url);
  const heading = escapeHtml(content.heading);
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${heading}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.page};">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${colors.page};">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${colors.page};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="background-color:${colors.brand};border-radius:8px 8px 0 0;padding:20px 32px;font-family:${font};font-size:20px;font-weight:700;line-height:28px;color:#ffffff;">${productName}</td></tr>
<tr><td style="background-color:${colors.card};border:1px solid ${colors.border};border-top:0;border-radius:0 0 8px 8px;padding:32px;">
<h1 style="margin:0 0 16px 0;font-family:${font};font-size:22px;font-weight:700;line-height:30px;color:${colors.heading};">${heading}</h1>
${content.paragraphs.map(paragraphHtml).join('\n')}
${content.action ? actionHtml(content.action) : ''}
</td></tr>
<tr><td align="center" style="padding:24px 16px 0 16px;font-family:${font};font-size:12px;line-height:18px;color:${colors.muted};">
<p style="margin:0 0 8px 0;"><strong>${productName}</strong> &middot; ${tagline}</p>
<p style="margin:0;">${escapeHtml(content.footnote)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    productName,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    `${productName} - ${tagline}`,
    content.footnote,
    '',
  ].join('\n');
  return { html, text };
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
