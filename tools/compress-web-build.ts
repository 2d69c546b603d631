/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the built
 * web app, once, at build time: the server then sends them as they are (@fastify/static
 * `preCompressed`) and spends no CPU per request.
 * Run by `npm run build:web` after `vite build`.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist/web');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml)$/;
/** Below this, headers cost more than compression saves. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(root, { recursive: true })) {
  const file = path.join(root, entry);
  if (!COMPRESSIBLE.test(file) || !(await stat(file)).isFile()) continue;
  const content = await readFile(file);
  if (content.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
  await writeFile(`${file}.br`, brotli);
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  files++;
  before += content.length;
  after += brotli.length;
}
console.log(`compressed ${files} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB with Brotli`);
