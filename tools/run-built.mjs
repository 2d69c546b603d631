/**
 * What `npm start`, `npm run worker` and `npm run dedupe` run: the server, the worker or the
 * CLI as JavaScript that esbuild compiled into dist/server, so a start compiles nothing (tsx
 * is for development and the tests). Plain JavaScript itself: nothing compiles it.
 *   node tools/run-built.mjs <start|server|worker|dedupe> [arguments of that command]
 *   node tools/run-built.mjs --build        only brings dist/server up to date
 * It builds first only when a file the last build read, or a build setting, has changed.
 */
import { createHash } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/server');
const FINGERPRINT = '.source-fingerprint.json';

/**
 * One bundle per command, flat in dist/server: the engine's pool starts engine-worker.js
 * from beside its own code, and start.js spawns build-web.js the same way.
 */
const ENTRIES = {
  start: 'tools/start.ts',
  server: 'src/server/main.ts',
  worker: 'src/server/jobs/worker.ts',
  dedupe: 'tools/dedupe.ts',
  'build-web': 'tools/build-web.ts',
  'engine-worker': 'src/engine/parallel/engine-worker.ts',
};
const COMMANDS = ['start', 'server', 'worker', 'dedupe'];
/** What shapes the output besides the sources esbuild reports reading. */
const SETTINGS = ['tools/run-built.mjs', 'package.json', 'package-lock.json', 'tsconfig.base.json', 'tsconfig.json'];

/** A hash of each file's name and content; a missing file counts as a change. */
async function hashFiles(files) {
  const hash = createHash('sha256');
  // Read all at once: one by one, a busy machine makes each read wait its turn.
  const contents = await Promise.all(files.map((file) => readFile(path.join(root, file)).catch(() => null)));
  files.forEach((file, i) => {
    hash.update(`${file}\0${contents[i] ? 'file' : 'missing'}\0`);
    if (contents[i]) hash.update(contents[i]);
  });
  return hash.digest('hex');
}

async function upToDate() {
  const last = await readFile(path.join(outDir, FINGERPRINT), 'utf8').then(JSON.parse, () => null);
  return last !== null && last.hash === (await hashFiles([...SETTINGS, ...last.inputs]));
}

async function build() {
  const started = performance.now();
  // Loaded only to build: an unchanged start does without it.
  const esbuild = await import('esbuild');
  // Built beside, then swapped in: a command starting meanwhile runs the old build whole.
  const next = `${outDir}.${process.pid}.next`;
  await rm(next, { recursive: true, force: true });
  const { metafile } = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: next,
    bundle: true,
    // Code shared by the commands (the whole server for start and server) is one chunk each;
    // the server's lazy imports stay lazy.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Packages load from node_modules as they are: PGlite's wasm and data files, pg-boss and
    // drizzle find their own files there.
    packages: 'external',
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(metafile.inputs).sort();
  await writeFile(path.join(next, FINGERPRINT), JSON.stringify({ hash: await hashFiles([...SETTINGS, ...inputs]), inputs }));
  const old = `${outDir}.${process.pid}.old`;
  await rename(outDir, old).catch(() => {});
  // Another command that built the same sources at the same time may have been first.
  await rename(next, outDir).catch(() => rm(next, { recursive: true, force: true }));
  await rm(old, { recursive: true, force: true });
  console.error(`Server code compiled into dist/server in ${((performance.now() - started) / 1000).toFixed(1)} s (${inputs.length} source files)`);
}

const command = process.argv[2];
if (command !== '--build' && !COMMANDS.includes(command)) {
  console.error(`Usage: node tools/run-built.mjs <${COMMANDS.join('|')}> [arguments] | --build`);
  process.exit(2);
}
if (!(await upToDate())) await build();
if (command !== '--build') {
  // Stack traces name the TypeScript files and lines.
  process.setSourceMapsEnabled(true);
  // The command reads its own arguments from process.argv, as if started by itself.
  process.argv.splice(2, 1);
  await import(pathToFileURL(path.join(outDir, `${command}.js`)).href);
}
