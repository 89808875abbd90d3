// Vite's `import.meta.glob('./dir/*/x/*.tsx')` for the TypeScript loader, so modules written for
// Vite (web/src/app/page-routes.ts) also run in Node's tests: the call becomes the same object
// Vite builds — each matching file's path, relative to the importer, mapped to a lazy import().
// Only what the app uses is supported: lazy (no `eager`), patterns with `*` inside segments.
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const GLOB_CALL = /import\.meta\.glob\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")\s*\)/g

const segmentPattern = (segment) =>
  new RegExp(
    `^${segment
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`
  )

/** Files matching `pattern` (relative to `directory`), sorted as Vite sorts them. */
function matches(directory, pattern) {
  if (pattern.includes('**')) throw new Error(`import.meta.glob: '**' is not supported by the loader (${pattern})`)
  const segments = pattern.split('/')
  let found = [directory]
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1
    const next = []
    for (const base of found) {
      if (!segment.includes('*')) {
        next.push(path.resolve(base, segment))
        continue
      }
      let entries
      try {
        entries = readdirSync(base)
      } catch {
        continue
      }
      const wanted = segmentPattern(segment)
      for (const entry of entries) if (wanted.test(entry)) next.push(path.join(base, entry))
    }
    found = next.filter((file) => {
      try {
        return last ? statSync(file).isFile() : statSync(file).isDirectory()
      } catch {
        return false
      }
    })
  }
  return found.sort()
}

/** `source` with every `import.meta.glob(…)` replaced by its object, on the same line. */
export function expandImportMetaGlob(source, fileName) {
  if (!source.includes('import.meta.glob(')) return source
  const directory = path.dirname(fileName)
  return source.replace(GLOB_CALL, (_call, argument) => {
    const patterns = JSON.parse(argument.replaceAll("'", '"'))
    const entries = []
    for (const pattern of Array.isArray(patterns) ? patterns : [patterns]) {
      for (const file of matches(directory, pattern)) {
        const relative = path.relative(directory, file).split(path.sep).join('/')
        const key = relative.startsWith('../') ? relative : `./${relative}`
        entries.push(`${JSON.stringify(key)}: () => import(${JSON.stringify(pathToFileURL(file).href)})`)
      }
    }
    return `({ ${entries.join(', ')} })`
  })
}
