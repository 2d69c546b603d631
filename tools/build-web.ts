/**
 * `npm run build:web`: builds the web app into dist/web with Vite, compresses it, and writes
 * a fingerprint of what it was built from. With `--if-changed` (what `npm start` runs) it
 * builds only when that fingerprint differs from the one the last build left.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { build as viteBuild } from 'vite';
import { projectRoot } from '../src/server/project-root';
import { PRERENDER_DIR, prerenderFile } from '../src/shared/app-routes';
import { compressWebBuild } from './compress-web-build';

const root = projectRoot;
const outDir = path.join(root, 'dist/web');
/** Beside the build it describes: Vite's emptyOutDir removes it when a new build starts. */
export const fingerprintFile = path.join(outDir, '.source-fingerprint');

/**
 * Everything the built app depends on: its sources, the texts it shows, the build settings and
 * the packages (package.json too: its version ranges, aliases and "type" steer the build even
 * when the lock file does not change).
 */
const INPUTS = ['src/web', 'src/shared', 'content', 'vite.config.ts', 'tsconfig.base.json', 'tsconfig.web.json', 'package.json', 'package-lock.json', 'tools/build-web.ts', 'tools/compress-web-build.ts'];
/** Tests are not part of the build: editing one needs no rebuild. */
const NOT_BUILT = /\.test\.tsx?$|[/\\]web[/\\]test[/\\]/;

/** A hash of every input's path and content. */
export async function sourceFingerprint(base = root): Promise<string> {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const full = path.join(base, input);
    const entries = await readdir(full, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      // A file rather than a folder; a missing input counts as empty.
      if (error.code === 'ENOTDIR') return 'file' as const;
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    // Symlinks inside a folder are skipped: readdir does not follow them, so a linked folder's
    // files could not be listed, and the inputs hold none (a link would go unnoticed here).
    const files = entries === 'file' ? [input] : entries.filter((entry) => entry.isFile()).map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)));
    for (const file of files.filter((name) => !NOT_BUILT.test(name)).sort()) {
      hash.update(`${file.split(path.sep).join('/')}\0`);
      hash.update(await readFile(path.join(base, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

async function builtFingerprint(): Promise<string | null> {
  return readFile(fingerprintFile, 'utf8').catch(() => null);
}

async function buildWeb(fingerprint: string): Promise<void> {
  const started = performance.now();
  await rm(fingerprintFile, { force: true });
  // Imported here: an unchanged app is checked without loading Vite.
  const { build } = await import('vite');
  await build({ root: path.join(root, 'src/web'), configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  await prerender(build);
  const { files, before, after } = await compressWebBuild(outDir);
  // Written last: a build stopped half-way leaves no fingerprint, so the next start builds again.
  await writeFile(fingerprintFile, fingerprint);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Web app built in ${seconds} s (${files} files compressed, ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB with Brotli)`);
}

/**
 * Renders the public pages and articles (prerenderedPaths) with the app's own code (built for Node, then
 * removed) into dist/web/.prerendered, which the server puts into #root when it serves them.
 */
async function prerender(build: typeof viteBuild): Promise<void> {
  const ssrDir = path.join(root, 'dist/prerender');
  await build({
    root: path.join(root, 'src/web'),
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'prerender.tsx', outDir: ssrDir, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
  });
  try {
    const { renderPage, prerenderedPaths } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as {
      renderPage: (pathname: string) => Promise<string>;
      prerenderedPaths: () => string[];
    };
    await mkdir(path.join(outDir, PRERENDER_DIR), { recursive: true });
    for (const pathname of prerenderedPaths()) {
      await writeFile(path.join(outDir, PRERENDER_DIR, prerenderFile(pathname)!), await renderPage(pathname));
    }
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fingerprint = await sourceFingerprint();
  if (process.argv.includes('--if-changed') && (await builtFingerprint()) === fingerprint) {
    console.log('Web app unchanged since its last build: dist/web kept');
  } else {
    console.log('Building the web app...');
    await buildWeb(fingerprint);
  }
}
