// The embedded database's memory diet. PGlite starts PostgreSQL with its stock settings
// (shared_buffers 128 MB…) inside one WebAssembly memory that never shrinks, and creating a
// data folder runs initdb in a second WebAssembly instance whose memory the process keeps after
// it is done. Measured on this project (gateway/bench/start-memory.ts, notes/issue-17.md):
// a first start held ≈ 480 MB for PGlite alone, a restart ≈ 330 MB; with these settings a
// restart holds ≈ 170 MB. (Running initdb on a worker thread also freed the first start's extra
// memory, but added a reopen to the first start, too slow on a busy machine: not kept.)

import { setFlagsFromString } from 'node:v8'

// PGlite's own defaults (single user, no parallel workers, synchronous I/O)…
const PGLITE_DEFAULTS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0'
]

/** …with buffers sized for one small business's quotes rather than a server's RAM. */
export const LEAN_START_PARAMS: readonly string[] = [
  ...PGLITE_DEFAULTS,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'temp_buffers=2MB',
  '-c',
  'wal_buffers=1MB',
  '-c',
  'work_mem=2MB',
  '-c',
  'maintenance_work_mem=16MB'
]

/**
 * V8 compiles PGlite's hot functions again with its optimising compiler (TurboFan) on background
 * threads, by default several at once. One of PostgreSQL's large functions takes up to ≈ 25 MB
 * of compiler memory, and each thread's malloc arena keeps what it used after the task is done:
 * 65–100 MB of the idle gateway after a start (gateway/bench/start-memory.ts, /proc smaps). One
 * task at a time compiles the same code and leaves 30–50 MB. Process-wide and read whenever
 * compilation tasks are scheduled, so set here rather than on the command line: it reaches every
 * way of starting the gateway, and a start on PostgreSQL never loads it.
 */
export function limitWasmCompilationTasks(): void {
  setFlagsFromString('--wasm-num-compilation-tasks=1')
}
