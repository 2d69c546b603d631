/**
 * `npm start`: builds the web app only if its sources changed since the last build (in a
 * process of its own, so it takes the other core) while the server opens its database.
 * Compiled into dist/server (tools/run-built.mjs) it runs the compiled build step too.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer } from '../src/server/server';

const buildWeb = import.meta.url.endsWith('.ts') ? ['--import', 'tsx', 'tools/build-web.ts'] : [fileURLToPath(new URL('./build-web.js', import.meta.url))];
const build = spawn(process.execPath, [...buildWeb, '--if-changed'], { stdio: 'inherit' });
const webBuilt = new Promise<void>((resolve, reject) => {
  build.on('error', reject);
  build.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`tools/build-web.ts ended with ${signal ?? `exit code ${code}`}`))));
});
// A stopped server leaves no build running behind it.
process.on('exit', () => build.kill());

await startServer({ webBuilt });
