// After a red `npm test`, names what failed at the very end of the output. CI keeps only the
// tail of a run, and tap's coverage table comes after its failures: without this summary a
// failure far above the table cannot be found from the CI report.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

const DIAGNOSTIC_LINES = 14
const MAX_PRINTED_FAILURES = 12

function resultFiles(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return resultFiles(full)
    return entry.name.endsWith('.tap') ? [full] : []
  })
}

const indentOf = (line) => line.length - line.trimStart().length

/**
 * The failed assertions of one TAP file, each with the names of the subtests around it. A subtest
 * that failed because a child failed repeats that failure: only the child is kept.
 */
function leafFailures(lines, file) {
  const open = [] // subtests being read: { indent, name, childFailed }
  const failures = []
  lines.forEach((line, index) => {
    const subtest = /^\s*# Subtest: (.*)$/.exec(line)
    if (subtest) {
      open.push({ indent: indentOf(line), name: subtest[1], childFailed: false })
      return
    }
    const result = /^\s*(not ok|ok) \d+ - (.*?)(?: # .*)?$/.exec(line)
    if (!result) return
    const indent = indentOf(line)
    const closes = open.at(-1)?.indent === indent ? open.pop() : undefined
    if (result[1] === 'ok') return
    if (open.at(-1)) open.at(-1).childFailed = true
    if (closes?.childFailed) return
    const where = open.map((frame) => frame.name).join(' › ')
    failures.push({ file, where, lines: lines.slice(index, index + 1 + DIAGNOSTIC_LINES) })
  })
  return failures
}

/** Prints each failed assertion of the results tap wrote since `sinceMs`, with its diagnostic. */
export function printFailedTests(root, sinceMs) {
  const resultsDir = path.join(root, '.tap/test-results')
  const failures = []
  for (const file of resultFiles(resultsDir)) {
    if (statSync(file).mtimeMs < sinceMs) continue
    failures.push(...leafFailures(readFileSync(file, 'utf8').split('\n'), path.relative(resultsDir, file)))
  }
  if (failures.length === 0) return
  console.error(`\n✗ ${failures.length} failed assertion(s):`)
  for (const failure of failures.slice(0, MAX_PRINTED_FAILURES)) {
    console.error(`\n— ${failure.file}${failure.where ? ` › ${failure.where}` : ''}`)
    console.error(failure.lines.join('\n'))
  }
  if (failures.length > MAX_PRINTED_FAILURES) console.error(`\n… and ${failures.length - MAX_PRINTED_FAILURES} more`)
}
