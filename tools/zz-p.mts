import { PGlite } from '@electric-sql/pglite';
let t = performance.now();
const lap = (m: string) => { console.log(m, Math.round(performance.now() - t)); t = performance.now(); };
const dir = process.argv[2]!;
if (process.argv[3] === 'dir') { const db = await PGlite.create(dir); lap('create in dir'); await db.close(); }
else {
  const mem = await PGlite.create(); lap('create in memory');
  const dump = await mem.dumpDataDir('none'); lap('dump'); await mem.close();
  const db = await PGlite.create(dir, { loadDataDir: dump }); lap('create in dir from dump');
  await db.query('create table t (x int)'); await db.close();
  const again = await PGlite.create(dir); lap('reopen'); console.log((await again.query('select count(*) from t')).rows); await again.close();
}
