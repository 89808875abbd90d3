// `npm test`: installs and builds what is missing (npm packages, the Debian packages the tests
// drive, the site), checks the layout (Prettier) and lints the whole repository (zero warnings), then runs every test with tap.
// Extra arguments go to tap.
import { ensureBuild, ensureDependencies, ensureSystemPackages, run } from './lib/tasks.mjs'

ensureDependencies()
ensureSystemPackages()
ensureBuild()
run('npx', ['prettier', '--check', '--log-level=warn', '.'])
run('npx', ['eslint', '--max-warnings=0', '.'])
run('npx', ['tap', ...process.argv.slice(2)])
