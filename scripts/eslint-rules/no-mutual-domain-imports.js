// ESLint rule: domain folders of the gateway never import each other, directly or around a
// cycle of any length. When `quotes/` needs `clients/` and `clients/` needs `quotes/` (or
// `invoices/` → `quotes/` → `workers/` → `invoices/`), none of them can be read, tested or
// changed alone; what they share belongs in a folder below them, or the caller passes it. A
// module-level cycle rule (import-x/no-cycle) misses this: the folders usually import
// different files.
//
// The folder graph is read from the files on disk once per lint run (import and export
// specifiers, type imports included), and every import of a folder from which the importer's
// folder can be reached back is reported, with the way back.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g

/** The first folder under `root` that `file` lies in, or null (a file at the top of `root`). */
function folderOf(root, file) {
  const relative = path.relative(root, file)
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null
  const parts = relative.split(path.sep)
  return parts.length > 1 ? parts[0] : null
}

function sourceFiles(dir) {
  // A domain listed but not (or no longer) on disk imports nothing.
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : []
  })
}

/** `from` → the set of folders it imports, for the given domain folders under `root`. */
function folderGraph(root, domains) {
  const graph = new Map(domains.map((folder) => [folder, new Set()]))
  for (const folder of domains) {
    for (const file of sourceFiles(path.join(root, folder))) {
      for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const target = folderOf(root, path.resolve(path.dirname(file), match[1]))
        if (target !== null && target !== folder && graph.has(target)) graph.get(folder).add(target)
      }
    }
  }
  return graph
}

const graphs = new Map()

/** The shortest path of folders from `start` to `goal` in `graph` (both included), or null. */
function pathBetween(graph, start, goal) {
  const cameFrom = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const folder = queue.shift()
    if (folder === goal) {
      const path = []
      for (let step = goal; step !== null; step = cameFrom.get(step)) path.unshift(step)
      return path
    }
    for (const next of graph.get(folder) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, folder)
        queue.push(next)
      }
    }
  }
  return null
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Domain folders never import each other, directly or around a cycle.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          domains: { type: 'array', items: { type: 'string' } }
        },
        required: ['root', 'domains'],
        additionalProperties: false
      }
    ],
    messages: {
      mutual:
        '{{from}}/ importe {{to}}/, qui importe {{from}}/ en retour : ce dont les deux ont besoin va dans un dossier en dessous, ou l’appelant le passe en paramètre.',
      cycle:
        '{{from}}/ importe {{to}}/, qui revient à {{from}}/ par {{way}} : ce dont ces dossiers ont besoin en commun va dans un dossier en dessous, ou l’appelant le passe en paramètre.'
    }
  },
  create(context) {
    const { root: rootOption, domains } = context.options[0]
    const root = path.resolve(context.cwd, rootOption)
    const from = folderOf(root, context.filename)
    if (from === null || !domains.includes(from)) return {}
    const key = `${root}\0${domains.join(',')}`
    if (!graphs.has(key)) graphs.set(key, folderGraph(root, domains))
    const graph = graphs.get(key)
    const check = (node) => {
      const specifier = node.source?.value
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return
      const to = folderOf(root, path.resolve(path.dirname(context.filename), specifier))
      if (to === null || to === from || !graph.has(to)) return
      if (graph.get(to).has(from)) {
        context.report({ node: node.source, messageId: 'mutual', data: { from, to } })
        return
      }
      const way = pathBetween(graph, to, from)
      if (way !== null)
        context.report({ node: node.source, messageId: 'cycle', data: { from, to, way: way.map((folder) => `${folder}/`).join(' → ') } })
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check }
  }
}
