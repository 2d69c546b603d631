import { LoadingState } from '../components/ui/spinner';

/** SPEC.md section 2: code-split pages show 'Loading...' while they load; the demo says so. */
export function PageLoading({ demo = false }: { demo?: boolean }) {
  return <LoadingState label={demo ? 'Loading demo content...' : 'Loading...'} />;
}
