import { PGlite } from '@electric-sql/pglite'
let t=Date.now()
const db = await PGlite.create(); console.log('init1', Date.now()-t); t=Date.now()
const db2 = await PGlite.create(); console.log('init2', Date.now()-t); t=Date.now()
const dump = await db.dumpDataDir('none'); console.log('dump', Date.now()-t, dump.size); t=Date.now()
const db3 = await PGlite.create({loadDataDir: dump}); console.log('load', Date.now()-t)
console.log(process.memoryUsage().rss/1e6)
