// `npm test`: installs and builds what is missing (npm packages, the Debian packages the tests
// drive, the site), checks the layout (Prettier) and lints the whole repository (zero warnings), then runs every test with tap.
// Extra arguments go to tap.
import { spawnSync } from 'node:child_process'
import { printFailedTests } from './lib/failed-tests.mjs'
import { ensureBuild, ensureDependencies, ensureSystemPackages, root, run } from './lib/tasks.mjs'

ensureDependencies()
ensureSystemPackages()
ensureBuild()
run('npx', ['prettier', '--check', '--log-level=warn', '.'])
run('npx', ['eslint', '--max-warnings=0', '.'])
const tapStartedAt = Date.now()
const tap = spawnSync('npx', ['tap', ...process.argv.slice(2)], { stdio: 'inherit', cwd: root })
if (tap.status !== 0) {
  printFailedTests(root, tapStartedAt)
  console.error(`\n✗ npx tap failed (exit ${tap.status ?? tap.signal})`)
  process.exit(tap.status ?? 1)
}
