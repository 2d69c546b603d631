import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './project-root';

const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };

export const APP_VERSION = pkg.version;
