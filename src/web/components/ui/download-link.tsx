import { buttonClasses } from './button';
import { DownloadIcon } from './icons';

/** A file the server makes (a CSV export): a plain link, so the browser downloads it with the session cookie. */
export function DownloadLink({ href, children, className = '' }: { href: string; children: string; className?: string }) {
  return (
    <a href={href} download className={buttonClasses({ variant: 'secondary', size: 'sm', className: `shrink-0 whitespace-nowrap ${className}` })}>
      <DownloadIcon className="h-4 w-4" />
      {children}
    </a>
  );
}
