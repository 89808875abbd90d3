import t, { type Test } from 'tap'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_SITE_DIR } from '../../src/config.js'
import { startGateway, type GatewayProcess } from '../support/gateway-process.js'

// Seven real server processes: minutes on a busy 2-core machine, more than .taprc's default.
t.setTimeout(900_000)
const serverFile = fileURLToPath(new URL('../../src/server.ts', import.meta.url))
// Each server process gets its own data folder (its embedded database and seal certificate).
const dataRoot = await mkdtemp(path.join(tmpdir(), 'paraphe-server-'))
t.teardown(() => rm(dataRoot, { recursive: true, force: true }))
let servers = 0
const dataDir = () => path.join(dataRoot, String((servers += 1)))

/** The real server process (support/gateway-process.ts) with a data folder of its own. */
const startServer = (env: NodeJS.ProcessEnv) => startGateway({ DATA_DIR: dataDir(), ...env })

function get(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      .on('error', reject)
  })
}

t.test('a bad configuration stops the start with a clear message', async (t) => {
  const child = spawn(process.execPath, ['--conditions=paraphe-source', '--import=./scripts/register-ts.mjs', serverFile], {
    env: { ...process.env, PORT: 'abc', PUBLIC_URL: 'ftp://example.org' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise((resolve) => child.on('exit', resolve))
  t.equal(code, 1)
  t.match(stderr, /Invalid configuration:/)
  t.match(stderr, /PORT: .*"abc"/)
  t.match(stderr, /See the configuration table in README\.md/)
})

t.test('JSON logs carry the request id', async (t) => {
  const server = await startServer({ LOG_LEVEL: 'info' })
  t.teardown(() => server.child.kill('SIGKILL'))
  const response = await get(server.port, '/api/plans')
  t.equal(response.status, 200)
  server.child.kill('SIGTERM')
  t.equal((await server.exited).code, 0)
  const completed = server.lines.find((line) => line.msg === 'request completed')
  t.ok(completed, 'the API request is logged')
  t.match(completed, { level: 30, reqId: /^[0-9a-f-]{36}$/, res: { statusCode: 200 } })
  t.ok(server.lines.some((line) => line.msg === 'shutting down: finishing requests in flight' && line.signal === 'SIGTERM'))
})

/** A copy of the built site with one large file, for responses that last while the signal arrives. */
async function siteWithLargeFile(t: Test, megabytes: number): Promise<{ siteDir: string; size: number }> {
  const siteDir = await mkdtemp(path.join(tmpdir(), 'paraphe-site-'))
  t.teardown(() => rm(siteDir, { recursive: true, force: true }))
  await cp(DEFAULT_SITE_DIR, siteDir, { recursive: true })
  const size = megabytes * 1024 * 1024
  await writeFile(path.join(siteDir, 'gros-fichier.bin'), randomBytes(size))
  return { siteDir, size }
}

/**
 * Downloads the large file and sends SIGTERM to the server at its first chunk, then reads slowly
 * for a moment so the shutdown really overlaps the response. Resolves with what arrived.
 */
function downloadWhileTerminating(
  server: GatewayProcess,
  agent: http.Agent | false
): Promise<{ length: number; connection: string | undefined; lastByteAt: number }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.port, path: '/gros-fichier.bin', agent }, (response) => {
        let length = 0
        let signalled = false
        response.on('data', (chunk: Buffer) => {
          length += chunk.length
          if (!signalled) {
            signalled = true
            server.child.kill('SIGTERM')
            response.pause()
            setTimeout(() => response.resume(), 300)
          }
        })
        response.on('end', () => resolve({ length, connection: response.headers.connection, lastByteAt: Date.now() }))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

t.test('SIGTERM lets the request in flight finish, then exits 0', async (t) => {
  const { siteDir, size } = await siteWithLargeFile(t, 48)
  const server = await startServer({ SITE_DIR: siteDir })
  t.teardown(() => server.child.kill('SIGKILL'))
  const received = await downloadWhileTerminating(server, false)
  t.equal(received.length, size, 'the whole file arrived')
  t.equal((await server.exited).code, 0)
  await t.rejects(get(server.port, '/'), 'no longer listening')
})

t.test('a port already in use is a clear fatal error, exit 1', async (t) => {
  const blocker = http.createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  t.teardown(() => blocker.close())
  const address = blocker.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  const child = spawn(process.execPath, ['--conditions=paraphe-source', '--import=./scripts/register-ts.mjs', serverFile], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir() },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  const code = await new Promise((resolve) => child.on('exit', resolve))
  t.equal(code, 1)
  const fatal = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { code?: string } })
    .find((line) => line.level === 60)
  t.match(fatal, { msg: 'could not listen', err: { code: 'EADDRINUSE' } })
})

t.test('on a terminal the logs are readable lines, not JSON', async (t) => {
  // `script` gives the server a pseudo-terminal, as a developer running `npm start` has.
  const command = `${process.execPath} --conditions=paraphe-source --import=./scripts/register-ts.mjs ${serverFile}`
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir() },
    stdio: ['pipe', 'pipe', 'pipe']
  })
  t.teardown(() => child.kill('SIGKILL'))
  const output = await new Promise<string>((resolve) => {
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      if (text.includes('Server listening')) resolve(text)
    })
  })
  t.match(output, /\[\d\d:\d\d:\d\d\] .*INFO.*: Server listening at http:\/\/127\.0\.0\.1:\d+/)
  t.notMatch(output, /"level":30/)
  child.kill('SIGTERM')
  await new Promise((resolve) => child.on('exit', resolve))
})

/** One keep-alive connection (as a browser or Caddy keeps): requests on it, in order. */
function keepAliveClient(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const request = (urlPath: string): Promise<{ status: number; connection: string | undefined; body: string }> =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: urlPath, agent }, (response) => {
          let body = ''
          response.on('data', (chunk: Buffer) => (body += chunk.toString()))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }))
        })
        .on('error', reject)
    })
  return { agent, request }
}

t.test('SIGTERM with an idle keep-alive client: exit 0 at once, not at the grace deadline', async (t) => {
  const server = await startServer({ SHUTDOWN_GRACE_MS: '60000' })
  t.teardown(() => server.child.kill('SIGKILL'))
  const client = keepAliveClient(server.port)
  t.teardown(() => client.agent.destroy())
  const first = await client.request('/api/plans')
  t.equal(first.status, 200)
  t.equal(first.connection, 'keep-alive', 'the connection stays open, idle')
  const signalled = Date.now()
  server.child.kill('SIGTERM')
  t.equal((await server.exited).code, 0)
  const elapsed = Date.now() - signalled
  t.comment(`exited ${elapsed} ms after SIGTERM`)
  // Far below the 60 s grace (the old behaviour waited it out and exited 1); generous for a busy machine.
  t.ok(elapsed < 20_000, `exited long before the grace deadline (${elapsed} ms)`)
  t.notOk(server.lines.some((line) => String(line.msg).includes('killed by timeout')))
  t.ok(server.lines.some((line) => line.msg === 'stopped'))
})

t.test('SIGTERM during a keep-alive response: it completes, then exit 0 without waiting for the grace deadline', async (t) => {
  const { siteDir, size } = await siteWithLargeFile(t, 16)
  const server = await startServer({ SITE_DIR: siteDir, SHUTDOWN_GRACE_MS: '60000' })
  t.teardown(() => server.child.kill('SIGKILL'))
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  t.teardown(() => agent.destroy())
  const received = await downloadWhileTerminating(server, agent)
  t.equal(received.connection, 'keep-alive', 'headers went out before the signal')
  t.equal(received.length, size, 'the whole file arrived')
  t.equal((await server.exited).code, 0)
  const afterLastByte = Date.now() - received.lastByteAt
  t.comment(`exited ${afterLastByte} ms after the last byte`)
  t.ok(afterLastByte < 20_000, `exited right after the response, not at the grace deadline (${afterLastByte} ms)`)
})
