import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { OfflineBanner } from '../features/offline/offline-banner';
import { BUILD_FLAGS } from '../lib/app-flags';
import { createQueryClient } from '../lib/query-client';
import { AppFlagsProvider } from './app-flags';
import { router } from './router';

/** The app's one cache; main.tsx fills it ahead of a page's code too (route-prefetch.ts). */
export const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppFlagsProvider value={BUILD_FLAGS}>
        <TooltipProvider>
          <OfflineBanner />
          <RouterProvider router={router} />
          <Toaster />
        </TooltipProvider>
      </AppFlagsProvider>
    </QueryClientProvider>
  );
}
