// The real gateway process (src/server.ts through the TypeScript loader), JSON logs on a pipe:
// for tests about signals, restarts, crashes and several gateways on one database.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const serverFile = path.join(repoRoot, 'gateway/src/server.ts')

export interface GatewayProcess {
  child: ChildProcess
  port: number
  /** Every JSON log line so far. */
  lines: Array<Record<string, unknown>>
  /** Resolves with the exit code (null when killed by a signal) and when it happened. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>
  stderr: () => string
}

/**
 * Starts the gateway and resolves once it listens. No time limit of its own: on a busy machine a
 * start can take long, and tap's per-file timeout bounds the test; an exit before listening
 * rejects with the process's stderr.
 */
export function startGateway(env: NodeJS.ProcessEnv): Promise<GatewayProcess> {
  const child = spawn(process.execPath, ['--conditions=paraphe-source', '--import=./scripts/register-ts.mjs', serverFile], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  // Should the test process end without its teardown, the gateway must not outlive it.
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  process.once('exit', kill)
  const lines: Array<Record<string, unknown>> = []
  let stderr = ''
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => {
      process.removeListener('exit', kill)
      resolve({ code, signal, at: Date.now() })
    })
  )
  return new Promise((resolve, reject) => {
    let buffer = ''
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      let newline = buffer.indexOf('\n')
      while (newline !== -1) {
        const text = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 1)
        newline = buffer.indexOf('\n')
        let line: Record<string, unknown>
        try {
          line = JSON.parse(text) as Record<string, unknown>
        } catch {
          continue
        }
        lines.push(line)
        const match = /^Server listening at http:\/\/127\.0\.0\.1:(\d+)$/.exec(String(line.msg))
        if (match !== null) resolve({ child, port: Number(match[1]), lines, exited, stderr: () => stderr })
      }
    })
    void exited.then(({ code, signal }) => reject(new Error(`gateway exited (${code ?? signal}) before listening:\n${stderr}`)))
  })
}

/** Waits, polling, until `check` holds; no time limit of its own (tap's timeout bounds it). */
export async function waitUntil(check: () => boolean | Promise<boolean>, intervalMs = 100): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, intervalMs))
}

/**
 * Runs one of the gateway's commands (`gateway/src/commands/<name>-command.ts`: backup, restore,
 * move-to-postgres…) from its source, as its npm script does; resolves with its exit code and
 * everything it printed.
 */
export function runGatewayCommand(
  name: string,
  env: NodeJS.ProcessEnv,
  args: readonly string[] = []
): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=paraphe-source', '--import=./scripts/register-ts.mjs', `gateway/src/commands/${name}-command.ts`, ...args],
    {
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    }
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })))
}
