import { createBrowserRouter } from 'react-router';
import { BUILD_FLAGS } from '../lib/app-flags';
import { createRoutes } from './routes';

export const router = createBrowserRouter(createRoutes(BUILD_FLAGS));
