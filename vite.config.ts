import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: true },
  // In `npm run dev` the API runs on PORT and Vite serves the app with hot reload.
  // changeOrigin stays false (the string shorthand turns it on) so the API sees the Host the
  // browser sent: the development helpers answer only a loopback one (http/local-only.ts),
  // which a LAN visitor of `npm run dev -- --host` does not send.
  server: { port: 5173, strictPort: true, proxy: { '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false } } },
});
