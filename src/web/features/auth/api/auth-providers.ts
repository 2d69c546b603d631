import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-request';

export interface AuthProviders {
  google: boolean;
}

/** Which sign-in methods the server offers; none extra when it cannot be asked. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['/api/auth/providers'],
    queryFn: () => getJson<AuthProviders>('/api/auth/providers').catch((): AuthProviders => ({ google: false })),
  });
}
