import type { Config } from '../config';
import { createLogger } from '../logger';

/** The product's logger, at trace level, writing into memory: what an operator would read. */
export function captureLog(config: Config) {
  const lines: string[] = [];
  const log = createLogger({ ...config, LOG_LEVEL: 'trace' }, { write: (line: string) => void lines.push(line) });
  return { log, text: () => lines.join(''), entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}
