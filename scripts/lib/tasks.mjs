// Helpers for the root commands. Plain JavaScript on purpose: `npm start` and `npm test` run
// these before dependencies are installed, so they may use Node's built-ins only.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options, env: { ...process.env, ...options.env } })
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`)
    process.exit(result.status ?? 1)
  }
}

/** `npm ci` when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const installed = path.join(root, 'node_modules/.package-lock.json')
  const lock = path.join(root, 'package-lock.json')
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return
  console.log('› Installing npm dependencies (npm ci)…')
  run('npm', ['ci', '--no-audit', '--no-fund'])
}

const BUILD_INPUTS = [
  'package-lock.json',
  'tsconfig.json',
  'shared/src',
  'shared/tsconfig.json',
  'gateway/src',
  'gateway/tsconfig.json',
  'web/src',
  'web/public',
  'web/scripts',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json'
]
const STAMP = path.join(root, 'web/dist/.build-stamp')

/** Fingerprint of everything the build reads (paths, sizes and contents). */
export function sourceFingerprint() {
  const hash = createHash('sha256')
  const visit = (rel) => {
    const abs = path.join(root, rel)
    if (!existsSync(abs)) return
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs).sort()) visit(path.join(rel, name))
    } else {
      hash.update(rel).update(readFileSync(abs))
    }
  }
  BUILD_INPUTS.forEach(visit)
  return hash.digest('hex')
}

export function isBuildCurrent() {
  return existsSync(STAMP) && existsSync(path.join(root, 'gateway/dist/server.js')) && readFileSync(STAMP, 'utf8') === sourceFingerprint()
}

export function build() {
  const webDir = path.join(root, 'web')
  const production = { env: { NODE_ENV: 'production' } }
  const runTs = ['--conditions=paraphe-source', `--import=${path.join(root, 'scripts/register-ts.mjs')}`]
  console.log('› Compiling shared/ and gateway/…')
  run('npx', ['tsc', '-b', 'shared', 'gateway'])
  console.log('› Building the web app (client and prerender bundles)…')
  run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: webDir, ...production })
  run('npx', ['vite', 'build', '--logLevel', 'warn', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist/server'], {
    cwd: webDir,
    ...production
  })
  console.log('› Prerendering the public pages…')
  run('node', [...runTs, 'scripts/prerender.ts'], { cwd: webDir, ...production })
  run('node', [...runTs, 'scripts/precompress.ts'], { cwd: webDir, ...production })
  ensurePgliteTemplate()
  writeFileSync(STAMP, sourceFingerprint())
}

/** The initialised PGlite cluster new data folders start from (gateway/src/db/pglite-template.ts). */
function ensurePgliteTemplate() {
  run('node', ['gateway/dist/commands/pglite-template-command.js'])
}

export function ensureBuild() {
  // Also when the build is current: the template is per PGlite version, and npm may update it.
  if (isBuildCurrent()) return ensurePgliteTemplate()
  build()
}

/** Which Debian packages provide the programs the tests drive. */
export const SYSTEM_PACKAGES = [
  { program: '/usr/bin/chromium', pkg: 'chromium' },
  { program: '/usr/bin/caddy', pkg: 'caddy' },
  // Validates docker-compose.yml without an engine; its recommends would pull docker itself.
  { program: '/usr/bin/docker-compose', pkg: 'docker-compose', noRecommends: true },
  // pdftotext, pdfimages and pdfsig read the generated PDFs in the tests.
  { program: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
  // The throwaway PostgreSQL 15 the database tests start (Debian 12's version, as in Supabase).
  { program: '/usr/lib/postgresql/15/bin/initdb', pkg: 'postgresql-15', noRecommends: true },
  // The compose test (gateway/test/compose): a Docker engine, and debootstrap for its base image
  // (no image registry can be reached from the build machines).
  { program: '/usr/sbin/dockerd', pkg: 'docker.io', noRecommends: true },
  { program: '/usr/sbin/debootstrap', pkg: 'debootstrap', noRecommends: true },
  // The Factur-X tests: the XSD (xmllint), the FNFE-MPE schematrons (Saxon HE on Java), the PDF's
  // structure (qpdf) and the EPC QR code scanned from a render (zbarimg).
  { program: '/usr/bin/xmllint', pkg: 'libxml2-utils' },
  { program: '/usr/share/java/Saxon-HE.jar', pkg: 'libsaxonhe-java' },
  { program: '/usr/bin/qpdf', pkg: 'qpdf' },
  { program: '/usr/bin/zbarimg', pkg: 'zbar-tools', noRecommends: true },
  // The invoice export test checks its ZIP archive with unzip -t.
  { program: '/usr/bin/unzip', pkg: 'unzip' }
]

/**
 * Installs missing Debian packages when this machine allows it (Debian, root, apt-get).
 * Elsewhere it says what is missing and lets the tests report it.
 */
export function ensureSystemPackages(packages = SYSTEM_PACKAGES) {
  const missingEntries = packages.filter(({ program }) => !existsSync(program))
  const missing = missingEntries.map(({ pkg }) => pkg)
  if (missing.length === 0) return
  const canInstall = existsSync('/usr/bin/apt-get') && process.getuid?.() === 0
  if (!canInstall) {
    console.warn(`! Missing system packages: ${missing.join(', ')} (install them with your package manager)`)
    return
  }
  console.log(`› Installing ${missing.join(', ')} with apt-get…`)
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  run('apt-get', ['update', '-qq'], { env })
  // Entries flagged noRecommends are installed on their own with --no-install-recommends.
  const withRecommends = missingEntries.filter((entry) => !entry.noRecommends).map(({ pkg }) => pkg)
  const withoutRecommends = missingEntries.filter((entry) => entry.noRecommends).map(({ pkg }) => pkg)
  if (withRecommends.length > 0) run('apt-get', ['install', '-y', '-qq', ...withRecommends], { env })
  if (withoutRecommends.length > 0) run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...withoutRecommends], { env })
}

const LIGHTHOUSE = 'lighthouse@12.8.2'

/**
 * A Lighthouse CLI for the bench, installed on first use in a folder of its own: it is not a
 * dependency of the project (lighthouse 12 breaks `npm ci` on Node 20, see the bench). Its path,
 * or null when it cannot be installed (offline): the bench then says that part was skipped.
 */
export function ensureLighthouse() {
  const prefix = path.join(root, 'node_modules/.cache/paraphe-lighthouse')
  const bin = path.join(prefix, 'node_modules/.bin/lighthouse')
  if (existsSync(bin)) return bin
  console.log(`› Installing ${LIGHTHOUSE} for the bench (node_modules/.cache, outside the lock file)…`)
  const result = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', LIGHTHOUSE],
    { stdio: 'inherit', cwd: root }
  )
  return result.status === 0 && existsSync(bin) ? bin : null
}
