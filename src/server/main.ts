import { startServer } from './server';

// The server alone, serving whatever dist/web holds: `npm run dev` and the browser tests run
// it from the sources, `node tools/run-built.mjs server` compiled. A file of its own: bundled,
// server.ts shares a chunk with tools/start.ts, so it cannot tell whether it was run itself.
await startServer();
