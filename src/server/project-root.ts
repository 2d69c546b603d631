import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, found from this module's own place: run from the sources
 * (tsx) that is two folders up, compiled into dist/server (tools/run-built.mjs) it is another
 * depth, and content/, dist/web and the migrations are found from it either way.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json in ${from} or a folder above it`);
  }
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
