import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    // SPEC.md section 9: fresh for 5 minutes, discarded after 5 minutes unused, no refetch on focus.
    queries: { staleTime: 5 * 60_000, gcTime: 5 * 60_000, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
