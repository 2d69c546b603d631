/**
 * `npm run dev`: the API under `tsx watch` (restarts on server changes) and Vite's dev
 * server (hot reload of the web app, /api proxied to the API). Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const bin = (name: string) => `node_modules/.bin/${name}`;

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn(bin('vite'), ['--clearScreen', 'false'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort } }),
];

console.log(`\n  Development: open http://localhost:5173 (API on http://localhost:${apiPort})\n`);

let stopping = false;
function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
