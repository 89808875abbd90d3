// Module hooks that run the repository's TypeScript in Node (tests, build scripts) by
// transpiling each file with TypeScript itself. Unlike esbuild-based loaders, the output keeps
// the source's lines and carries an exact inline source map, so tap's coverage is accurate.
import { existsSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'
import { expandImportMetaGlob } from './import-meta-glob.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const webSrc = path.join(root, 'web/src')
const TS_FILE = /\.(ts|tsx|mts)$/

const compilerOptions = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2022,
  jsx: ts.JsxEmit.ReactJSX,
  esModuleInterop: true,
  inlineSourceMap: true,
  inlineSources: true
}

const isFile = (file) => existsSync(file) && statSync(file).isFile()

/** `x.js` → `x.ts`/`x.tsx` (NodeNext style), extensionless → `.ts`/`.tsx`/index (bundler style). */
function findSource(base) {
  if (base.endsWith('.js')) {
    for (const extension of ['.ts', '.tsx']) {
      const candidate = base.slice(0, -3) + extension
      if (isFile(candidate)) return candidate
    }
  }
  if (isFile(base)) return base
  for (const suffix of ['.ts', '.tsx', '/index.ts', '/index.tsx']) {
    if (isFile(base + suffix)) return base + suffix
  }
  return null
}

export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL
  let base = null
  if (specifier.startsWith('@/')) base = path.join(webSrc, specifier.slice(2))
  else if (parent?.startsWith('file:') && TS_FILE.test(parent) && /^\.\.?\//.test(specifier)) {
    base = path.resolve(path.dirname(fileURLToPath(parent)), specifier)
  }
  if (base !== null) {
    const found = findSource(base)
    if (found !== null) return { url: pathToFileURL(found).href, shortCircuit: true }
  }
  return nextResolve(specifier, context)
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !TS_FILE.test(url)) return nextLoad(url, context)
  const fileName = fileURLToPath(url)
  const { outputText } = ts.transpileModule(await readFile(fileName, 'utf8'), { fileName, compilerOptions })
  return { format: 'module', source: expandImportMetaGlob(outputText, fileName), shortCircuit: true }
}
