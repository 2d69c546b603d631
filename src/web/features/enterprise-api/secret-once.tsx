import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CopyButton } from './copy-button';

/** A secret the server gives out once (a new key or signing secret): copy it now, it is not shown again. */
export function SecretOnce({ title, secret, onDone }: { title: string; secret: string; onDone: () => void }) {
  return (
    <Alert tone="success" title={title}>
      <p>Copy it now and store it somewhere safe: it will not be shown again.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code aria-label="Secret" className="block min-w-0 break-all rounded-lg bg-white px-3 py-2 font-mono text-sm text-slate-900 ring-1 ring-slate-200">
          {secret}
        </code>
        <CopyButton text={secret} />
      </div>
      <Button variant="ghost" size="sm" className="mt-2" onClick={onDone}>
        I have stored it
      </Button>
    </Alert>
  );
}
