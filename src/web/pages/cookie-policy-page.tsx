import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../features/legal/legal-document';

interface StorageItem {
  name: string;
  kind: string;
  purpose: ReactNode;
  lifetime: string;
}

const COOKIES: StorageItem[] = [
  {
    name: 'dc_session',
    kind: 'Cookie, first party, HttpOnly',
    purpose: 'Keeps you signed in. It holds a random session id; the matching record on our server says which account it belongs to. Without it you cannot sign in.',
    lifetime: '30 days, extended while you keep using the service; removed when you log out',
  },
  {
    name: 'dc_device',
    kind: 'Cookie, first party, HttpOnly',
    purpose: 'Remembers that you signed in on this browser before, so someone guessing your password elsewhere cannot lock you out. It holds a random id, renewed at every sign-in; a password reset forgets every browser but the one you reset it in.',
    lifetime: 'One year from your last sign-in on this browser',
  },
  {
    name: 'dc_oauth',
    kind: 'Cookie, first party, HttpOnly',
    purpose: 'Set only when you choose Sign in with Google. It protects that sign-in against forgery by remembering the one-time values Google must send back, and is sent only to our Google sign-in address.',
    lifetime: '10 minutes; removed when the sign-in completes',
  },
  {
    name: 'dc_hubspot_oauth',
    kind: 'Cookie, first party, HttpOnly',
    purpose: 'Set only when you connect HubSpot through its authorisation screen. It checks that the answer comes from the connection you started, and remembers the page to return to.',
    lifetime: '10 minutes; removed when the connection completes',
  },
];

const LOCAL_STORAGE: StorageItem[] = [
  {
    name: 'userId',
    kind: 'Local storage',
    purpose: 'The id of the account signed in on this browser, so the app can tell which account an error report about verification emails concerns. It is never sent to third parties.',
    lifetime: 'Until you log out or delete your account',
  },
  {
    name: 'datacleaner.*',
    kind: 'Local storage',
    purpose: 'Keys starting with “datacleaner.” hold interface preferences on this browser, such as your progress through the product tour and whether you have visited before.',
    lifetime: 'Until you clear your browser data or delete your account',
  },
];

function StorageTable({ caption, items }: { caption: string; items: readonly StorageItem[] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">What it is for</th>
            <th scope="col">How long it lasts</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.name}>
              <th scope="row">
                <code>{item.name}</code>
              </th>
              <td>{item.kind}</td>
              <td>{item.purpose}</td>
              <td>{item.lifetime}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const SECTIONS: LegalSection[] = [
  {
    id: 'what-they-are',
    title: 'Cookies and local storage',
    content: (
      <p>
        Cookies are small pieces of text a website asks your browser to keep and send back with later requests. Local storage is a similar store
        that stays in your browser and that only the website’s own pages can read. Both can be “strictly necessary” for a service to work, or used
        for other purposes such as analytics and advertising. DataCleaner uses only the first kind.
      </p>
    ),
  },
  {
    id: 'cookies-we-set',
    title: 'Cookies we set',
    content: (
      <>
        <p>
          All four are first-party cookies, set by DataCleaner itself. They are HttpOnly (scripts on the page cannot read them), SameSite=Lax (other
          sites cannot make your browser send them with their forms), and Secure whenever the site is served over HTTPS.
        </p>
        <StorageTable caption="Cookies DataCleaner sets" items={COOKIES} />
      </>
    ),
  },
  {
    id: 'local-storage',
    title: 'What we keep in local storage',
    content: <StorageTable caption="Local storage DataCleaner uses" items={LOCAL_STORAGE} />,
  },
  {
    id: 'no-tracking',
    title: 'What we do not use',
    content: (
      <>
        <p>
          We use no advertising cookies, no analytics or tracking cookies, no social-media pixels, and no cookies from third parties on our pages.
          We do not follow you across other websites.
        </p>
        <p>
          When you choose to sign in with Google or to pay through Stripe, you leave our site for theirs for a moment; there, their own cookie
          policies apply.
        </p>
      </>
    ),
  },
  {
    id: 'consent',
    title: 'Why there is no cookie banner',
    content: (
      <p>
        The law requires consent for cookies and similar storage unless they are strictly necessary to provide a service you asked for. Everything
        listed above is: signing you in, protecting sign-ins and connections, and remembering your own interface choices. That is why we do not ask
        for consent. If we ever add anything that is not strictly necessary, we will ask first and update this page.
      </p>
    ),
  },
  {
    id: 'control',
    title: 'How to control them',
    content: (
      <>
        <p>
          You can see and delete cookies and local storage in your browser’s settings, and block them for this site. Blocking <code>dc_session</code>{' '}
          means you cannot sign in; the public pages and the demo still work. Logging out removes the session cookie and the stored{' '}
          <code>userId</code>; deleting your account on the <Link to="/gdpr">GDPR page</Link> also removes the <code>datacleaner.*</code> keys from
          the browser you use.
        </p>
      </>
    ),
  },
  {
    id: 'more',
    title: 'Changes and questions',
    content: (
      <p>
        We update this page, and the date at the top, whenever the cookies or storage we use change. The <Link to="/privacy-policy">Privacy Policy</Link>{' '}
        explains how we handle personal data more broadly; for questions, use the <Link to="/support">Support</Link> page.
      </p>
    ),
  },
];

/** /cookie-policy: every cookie and browser-storage key the site uses, and that none of them tracks. */
export function CookiePolicyPage() {
  return (
    <LegalDocument
      title="Cookie Policy"
      intro={<p>The cookies and browser storage DataCleaner uses, and what each one is for. The short version: only what the service needs to work, and no tracking.</p>}
      sections={SECTIONS}
    />
  );
}
