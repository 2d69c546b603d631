import type { RouteObject } from 'react-router';
import { LandingPage } from '../pages/landing-page';
import { NotFoundPage } from '../pages/not-found-page';
import { SiteLayout } from './site-layout';

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
