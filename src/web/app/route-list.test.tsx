import { act, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, articleTitle, NOT_FOUND_TITLE, PAGE_META } from '../../shared/app-routes';
import { ARTICLES } from '../features/blog/articles';
import { fakeApi } from '../test/fake-api';
import { DEFAULT_FLAGS, renderApp } from '../test/render-app';
import { createRoutes } from './routes';

/** Every full path the router has a page for, '*' (its 'Page Not Found') left out. */
function routerPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.index ? parent : route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.path !== undefined && route.path !== '*' ? [own] : route.index ? [own] : [];
    return [...here, ...routerPaths(route.children ?? [], own)];
  });
}

describe('the route list the server shares', () => {
  it('is exactly the router\'s routes, so the server answers 404 where the app shows Page Not Found', () => {
    const paths = routerPaths(createRoutes(DEFAULT_FLAGS));
    expect(new Set(paths)).toEqual(new Set(APP_ROUTES.map((route) => route.pattern)));
  });
});

describe('the browser tab title', () => {
  it('is each public page\'s own, and follows client navigation', async () => {
    fakeApi();
    const { router } = renderApp('/');
    await waitFor(() => expect(document.title).toBe(PAGE_META['/']!.title));
    for (const path of ['/about-us', '/blog', '/gdpr', '/subscribe', '/auth', '/demo']) {
      await act(() => router.navigate(path));
      await waitFor(() => expect(document.title, path).toBe(PAGE_META[path]!.title));
    }
    const article = ARTICLES[0]!;
    await act(() => router.navigate(`/blog/${article.slug}`));
    await waitFor(() => expect(document.title).toBe(articleTitle(article.title)));
    await act(() => router.navigate('/demo/reports'));
    await waitFor(() => expect(document.title).toBe('Reports – DataCleaner demo'));
    await act(() => router.navigate('/no/such/page'));
    await waitFor(() => expect(document.title).toBe(NOT_FOUND_TITLE));
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
