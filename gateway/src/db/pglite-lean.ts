// The embedded database's memory diet. PGlite starts PostgreSQL with its stock settings
// (shared_buffers 128 MB…) inside one WebAssembly memory that never shrinks, and creating a
// data folder runs initdb in a second WebAssembly instance whose memory the process keeps after
// it is done. Measured on this project (gateway/bench/start-memory.ts, notes/issue-17.md):
// a first start held ≈ 480 MB for PGlite alone, a restart ≈ 330 MB.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

// PGlite's own defaults (single user, no parallel workers, synchronous I/O)…
const PGLITE_DEFAULTS = [
  '--single', '-F', '-O', '-j', '-c', 'search_path=public', '-c', 'exit_on_error=false', '-c', 'log_checkpoints=false',
  '-c', 'max_worker_processes=0', '-c', 'max_parallel_workers=0', '-c', 'max_parallel_workers_per_gather=0', '-c', 'io_method=sync',
  '-c', 'max_parallel_maintenance_workers=0'
]

/** …with buffers sized for one small business's quotes rather than a server's RAM. */
export const LEAN_START_PARAMS: readonly string[] = [
  ...PGLITE_DEFAULTS,
  '-c', 'shared_buffers=16MB',
  '-c', 'temp_buffers=2MB',
  '-c', 'wal_buffers=1MB',
  '-c', 'work_mem=2MB',
  '-c', 'maintenance_work_mem=16MB'
]

/**
 * Creates the data folder's cluster (initdb) on a worker thread: its WebAssembly memory goes
 * away with the thread instead of staying in the gateway's process. Nothing to do when the
 * folder already holds a cluster.
 */
export async function initDataDirOffThread(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
  const worker = new Worker(new URL(`./pglite-initdb${extension}`, import.meta.url), {
    workerData: { dataDir, startParams: LEAN_START_PARAMS },
    execArgv: process.execArgv
  })
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`PGlite initdb worker exited with code ${code}`))))
  })
}
