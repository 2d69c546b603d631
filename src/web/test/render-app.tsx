import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { AppFlagsProvider } from '../app/app-flags';
import { createRoutes } from '../app/routes';
import { Toaster } from '../components/ui/toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import type { AppFlags } from '../lib/app-flags';
import { createQueryClient } from '../lib/query-client';

export const DEFAULT_FLAGS: AppFlags = { interestOnly: false, forceDemo: false };

interface RenderOptions {
  flags?: Partial<AppFlags>;
  queryClient?: QueryClient;
  routes?: RouteObject[];
}

/** The app as main.tsx mounts it, on a memory router at `path`. */
export function renderApp(path: string, { flags, queryClient = createQueryClient(), routes }: RenderOptions = {}) {
  const allFlags = { ...DEFAULT_FLAGS, ...flags };
  const router = createMemoryRouter(routes ?? createRoutes(allFlags), { initialEntries: [path] });
  const view = render(
    <Providers flags={allFlags} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}

export function Providers({ children, flags = DEFAULT_FLAGS, queryClient }: { children: ReactNode; flags?: AppFlags; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppFlagsProvider value={flags}>
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </AppFlagsProvider>
    </QueryClientProvider>
  );
}

/** A path the router is at, with its query and hash. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
}
