// ESLint rule: two domain folders of the gateway never import each other. When `quotes/` needs
// `clients/` and `clients/` needs `quotes/`, neither can be read, tested or changed alone; what
// both need belongs in a third folder below them, or the caller passes it. A module-level
// cycle rule (import-x/no-cycle) misses this: the two folders usually import different files.
//
// The folder graph is read from the files on disk once per lint run (import and export
// specifiers, type imports included), and every import of a folder that imports the importer's
// folder back is reported, on both sides.
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

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Two domain folders never import each other.' },
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
        '{{from}}/ importe {{to}}/, qui importe {{from}}/ en retour : ce dont les deux ont besoin va dans un dossier en dessous, ou l’appelant le passe en paramètre.'
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
      if (graph.get(to).has(from)) context.report({ node: node.source, messageId: 'mutual', data: { from, to } })
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check }
  }
}
