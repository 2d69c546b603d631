import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ClientUser } from '../../../shared/contracts/auth';
import { clearStoredUserId, setStoredUserId } from '../../lib/local-storage';
import { userQueryKey } from './api/current-user';

/** Keeps the cached user and the stored user id in step with sign-in and sign-out. */
export function useSignInState() {
  const queryClient = useQueryClient();

  const signedIn = useCallback(
    (user: ClientUser) => {
      queryClient.setQueryData(userQueryKey(false), user);
      setStoredUserId(user.id);
    },
    [queryClient],
  );

  /** SPEC.md section 4: logout clears the cached user and the stored userId. */
  const signedOut = useCallback(() => {
    queryClient.setQueryData(userQueryKey(false), null);
    // Whatever else was cached belonged to that user.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey(false)[0] });
    clearStoredUserId();
  }, [queryClient]);

  return { signedIn, signedOut };
}

/** The user fields of a login answer, without the message around them. */
export function userFromResponse<T extends ClientUser & { message?: string; redirectTo?: string }>(response: T): ClientUser {
  const { message: _message, redirectTo: _redirectTo, ...user } = response;
  return user;
}
