// Worker thread of pglite-lean.ts: creates the cluster in a new data folder, then ends.
import { workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

const { dataDir, startParams } = workerData as { dataDir: string; startParams: string[] }
const pglite = await PGlite.create(dataDir, { startParams })
await pglite.close()
