// A real PostgreSQL 15 for the tests: a fresh cluster in a temporary folder on a loopback port,
// stopped (by its pid file, through pg_ctl) and deleted when the test process ends.
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port.js'

const BIN_DIR = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin'

export interface ThrowawayPostgres {
  url: string
  stop: () => void
  /** Stops the server as an outage would (connections cut), its data kept: the port refuses connections until `restart`. */
  halt: () => void
  /** Starts the halted server again, same data and port. */
  restart: () => void
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user. */
function run(command: string, args: string[]): void {
  const binary = path.join(BIN_DIR, command)
  if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: 'pipe' })
  else execFileSync(binary, args, { stdio: 'pipe' })
}

export async function startPostgres(): Promise<ThrowawayPostgres> {
  if (!existsSync(path.join(BIN_DIR, 'initdb'))) {
    throw new Error(`PostgreSQL 15 server not found in ${BIN_DIR} (apt-get install -y postgresql-15, or set POSTGRES_BIN_DIR)`)
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-pg-'))
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
  }
  const dataDir = path.join(dir, 'data')
  const port = await freePort()
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8'])
  const start = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
      '-w',
      '-l',
      path.join(dir, 'log'),
      'start'
    ])
  start()
  let stopped = false
  let halted = false
  const stop = () => {
    if (stopped) return
    stopped = true
    try {
      if (!halted) run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  process.once('exit', stop)
  const halt = () => {
    if (halted || stopped) return
    // Immediate: every backend ends at once, as in a crash or a lost host.
    run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
    halted = true
  }
  const restart = () => {
    if (!halted || stopped) return
    start()
    halted = false
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, halt, restart }
}
