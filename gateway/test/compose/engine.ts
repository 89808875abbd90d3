// The Docker engine and the base image of the compose test. No image registry can be reached
// from the build machines, so nothing is pulled: the base image is a Debian root filesystem made
// here with debootstrap (trixie: its `nodejs` is 20.19) and `docker import`ed, kept in the
// engine's image store (tagged with a hash of its recipe) so that later runs reuse it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const DOCKERD = '/usr/sbin/dockerd'
const DEBOOTSTRAP = '/usr/sbin/debootstrap'
const MIRROR = 'http://deb.debian.org/debian'
const SUITE = 'trixie'
/** nodejs from Debian; npm is the one running this test (Debian's npm has dozens of packages, and debootstrap cannot resolve them). */
const PACKAGES = ['nodejs', 'ca-certificates', 'wget']
/** The npm that runs these tests, copied into the image (pure JavaScript). */
const HOST_NPM = '/usr/lib/node_modules/npm'
/**
 * This machine's own certificate authorities (Debian's place for them): the build machines reach
 * the npm registry through a TLS-inspecting proxy whose authority is there, so the image's builds
 * (`npm ci` in deploy/Dockerfile) must trust them as this machine does.
 */
const LOCAL_AUTHORITIES = '/usr/local/share/ca-certificates'

export interface Engine {
  /** Stops the daemon this test started (by its PID) and removes the bridge it leaves; nothing when it was already running. */
  stop: () => Promise<void>
  startedHere: boolean
}

/** Runs a program to completion; throws with its output when it fails. */
export function sh(program: string, args: string[], options: { input?: string; timeoutMs?: number } = {}): string {
  const result = spawnSync(program, args, {
    encoding: 'utf8',
    input: options.input,
    timeout: options.timeoutMs ?? 600_000,
    maxBuffer: 64 * 1024 * 1024
  })
  if (result.status !== 0)
    throw new Error(`${program} ${args.join(' ')} → ${result.status ?? result.signal}\n${result.stdout ?? ''}\n${result.stderr ?? ''}`)
  return result.stdout
}

const engineAnswers = () =>
  spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 20_000 }).status === 0

/** Why the compose test cannot run here, or null when it can. */
export function cannotRun(): string | null {
  if (spawnSync('docker', ['--version']).status !== 0) return 'no docker client (apt-get install -y docker.io)'
  if (!existsSync('/usr/bin/docker-compose')) return 'no docker-compose (apt-get install -y docker-compose)'
  if (engineAnswers()) return null
  if (process.getuid?.() !== 0) return 'no Docker engine running, and starting one (dockerd) needs root'
  if (!existsSync(DOCKERD)) return `no Docker engine running, and ${DOCKERD} is missing (apt-get install -y docker.io)`
  if (!existsSync(DEBOOTSTRAP)) return `${DEBOOTSTRAP} is missing (apt-get install -y debootstrap)`
  return null
}

/** The engine, started here (as root) when none answers; stopped by its PID afterwards. */
export async function startEngine(logFile: string): Promise<Engine> {
  if (engineAnswers()) return { stop: async () => undefined, startedHere: false }
  const log = openSync(logFile, 'a')
  const daemon: ChildProcess = spawn(DOCKERD, [], { stdio: ['ignore', log, log] })
  const exited = new Promise((resolve) => daemon.once('exit', resolve))
  process.once('exit', () => daemon.exitCode === null && daemon.kill('SIGKILL'))
  const started = Date.now()
  while (!engineAnswers()) {
    if (daemon.exitCode !== null) throw new Error(`dockerd exited (${daemon.exitCode}): see ${logFile}`)
    if (Date.now() - started > 120_000) throw new Error(`dockerd did not answer within 120 s: see ${logFile}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    startedHere: true,
    stop: async () => {
      if (daemon.exitCode === null) daemon.kill('SIGTERM')
      await exited
      // The daemon leaves its bridge behind.
      spawnSync('ip', ['link', 'delete', 'docker0'])
    }
  }
}

const imageExists = (tag: string) => spawnSync('docker', ['image', 'inspect', tag], { stdio: 'ignore' }).status === 0

/** The Node base image (what deploy/Dockerfile's NODE_IMAGE names): built once, then reused. */
export function ensureNodeBase(log: (line: string) => void): { tag: string; built: boolean } {
  const npmVersion = sh(process.execPath, [path.join(HOST_NPM, 'bin/npm-cli.js'), '--version']).trim()
  const authorities = existsSync(LOCAL_AUTHORITIES)
    ? readdirSync(LOCAL_AUTHORITIES)
        .filter((name) => name.endsWith('.crt'))
        .sort()
    : []
  const authorityText = authorities.map((name) => readFileSync(path.join(LOCAL_AUTHORITIES, name), 'utf8')).join('')
  const recipe = JSON.stringify({ SUITE, PACKAGES, npmVersion, user: 'node:1000', authorityText })
  const tag = `paraphe-test/node-base:${SUITE}-${createHash('sha256').update(recipe).digest('hex').slice(0, 12)}`
  if (imageExists(tag)) return { tag, built: false }
  const work = mkdtempSync(path.join(tmpdir(), 'paraphe-rootfs-'))
  const root = path.join(work, 'root')
  try {
    log(`debootstrap ${SUITE} (${PACKAGES.join(', ')}) → ${tag}`)
    sh(DEBOOTSTRAP, ['--variant=minbase', `--include=${PACKAGES.join(',')}`, SUITE, root, MIRROR], { timeoutMs: 1_800_000 })
    mkdirSync(path.join(root, 'usr/local/lib/node_modules'), { recursive: true })
    cpSync(HOST_NPM, path.join(root, 'usr/local/lib/node_modules/npm'), { recursive: true })
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(root, 'usr/local/bin/npm'))
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(root, 'usr/local/bin/npx'))
    if (authorities.length > 0) {
      cpSync(LOCAL_AUTHORITIES, path.join(root, 'usr/local/share/ca-certificates'), { recursive: true })
      sh('chroot', [root, 'update-ca-certificates'])
    }
    // The user deploy/Dockerfile runs as (uid 1000, as in the official node images).
    sh('chroot', [root, 'useradd', '--uid', '1000', '--create-home', '--shell', '/bin/sh', 'node'])
    // Package lists and caches are not part of an image.
    rmSync(path.join(root, 'var/cache/apt/archives'), { recursive: true, force: true })
    rmSync(path.join(root, 'var/lib/apt/lists'), { recursive: true, force: true })
    mkdirSync(path.join(root, 'var/lib/apt/lists/partial'), { recursive: true })
    mkdirSync(path.join(root, 'var/cache/apt/archives/partial'), { recursive: true })
    const archive = path.join(work, 'root.tar')
    sh('tar', ['--numeric-owner', '-C', root, '-cf', archive, '.'])
    // Node reads its own copy of Mozilla's list, not the system's: pointed at the system's too.
    sh('docker', [
      'import',
      '--change',
      'CMD ["/bin/bash"]',
      '--change',
      'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt',
      archive,
      tag
    ])
    return { tag, built: true }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
