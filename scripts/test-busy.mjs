// `npm run test:busy`: `npm test` (extra arguments go to tap) on a machine kept busy on purpose,
// one CPU-bound process per core for the whole run, the way a loaded CI runner or a shared
// machine behaves: tests that lean on timing fail here first rather than once in a while in CI.
// TEST_BUSY_COMMAND, when set, is run by the shell instead of `npm test` (e.g. `sleep 10`, to
// watch the burners start and stop).
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import os from 'node:os'
import { root } from './lib/tasks.mjs'

// A busy loop that also ends if this script dies without cleaning up (SIGKILL): its parent then
// changes. The check runs once in many turns, so the loop stays CPU-bound rather than syscall-bound.
const BURN = 'const parent = process.ppid; for (let i = 1; ; i++) if (i % 1e8 === 0 && process.ppid !== parent) process.exit(0)'

const burners = Array.from({ length: os.availableParallelism() }, () => spawn(process.execPath, ['-e', BURN], { stdio: 'ignore' }))
console.log(`› ${burners.length} CPU burners running (PIDs ${burners.map((burner) => burner.pid).join(', ')})`)

function stopBurners() {
  for (const burner of burners) {
    if (burner.exitCode === null && burner.signalCode === null) burner.kill('SIGKILL')
  }
}
// `exit` covers every way out of this script but SIGKILL (which the loop's check covers).
process.on('exit', stopBurners)

/** Stops the burners and waits for them, so that none is left behind as a zombie, then exits. */
async function finish(code) {
  const running = burners.filter((burner) => burner.exitCode === null && burner.signalCode === null)
  const ended = Promise.all(running.map((burner) => once(burner, 'exit')))
  stopBurners()
  await ended
  process.exit(code)
}

const extra = process.argv.slice(2)
const command = process.env.TEST_BUSY_COMMAND
const tests =
  command === undefined || command === ''
    ? spawn('npm', ['test', ...(extra.length > 0 ? ['--', ...extra] : [])], { cwd: root, stdio: 'inherit' })
    : spawn(command, { cwd: root, stdio: 'inherit', shell: true })

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopBurners()
    // The tests end on their own terms and their exit ends this script; Ctrl-C already reached
    // them through the terminal's process group, a SIGTERM sent to this script alone did not.
    if (signal === 'SIGTERM') tests.kill(signal)
  })
}

tests.on('error', (error) => {
  console.error(`\n✗ could not start the tests: ${error.message}`)
  void finish(1)
})
tests.on('exit', (code, signal) => void finish(code ?? 128 + (os.constants.signals[signal] ?? 0)))
