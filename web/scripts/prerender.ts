// Runs after `vite build` (client) and `vite build --ssr` (entry-server): writes one HTML file and
// one _payload.json per public page, the 404 page, and the build manifests.
import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  APP_HTML_PLACEHOLDER,
  BUILD_ID_META,
  HEAD_PLACEHOLDER,
  type BuildMeta,
  type LatestBuild,
  type RoutePayload
} from '@paraphe/shared/build-manifest'
import { escapeHtml } from '@paraphe/shared/html-text'
import { shellPaths } from '@paraphe/shared/paths'
import { RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_PLACEHOLDER, placeholder } from '@paraphe/shared/runtime-config'
import type { PrerenderTarget, RenderedPage } from '../src/entry-server'
import { documentTitle } from '../src/lib/route-handle'

interface ServerEntry {
  prerenderTargets: () => PrerenderTarget[]
  renderPage: (url: string) => Promise<RenderedPage>
}

interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
  isEntry?: boolean
}

type ViteManifest = Record<string, ManifestChunk>

/** Chunks reachable from `start` through static imports (start included). */
function staticClosure(manifest: ViteManifest, start: readonly string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string): void => {
    if (seen.has(key)) return
    seen.add(key)
    for (const imported of manifest[key]?.imports ?? []) visit(imported)
  }
  start.forEach(visit)
  return seen
}

/**
 * The chunk of a page and everything it imports, minus what the entry already loads (Vite's
 * template preloads those itself).
 */
export function preloadsFor(manifest: ViteManifest, files: string | readonly string[]): { js: string[]; css: string[] } {
  const starts = typeof files === 'string' ? [files] : files
  for (const file of starts)
    if (manifest[file] === undefined) throw new Error(`${file} is not in Vite's manifest: fix its path in page-routes.ts`)
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true)
  const alreadyLoaded = staticClosure(manifest, entries)
  const js: string[] = []
  const css: string[] = []
  for (const key of staticClosure(manifest, starts)) {
    const chunk = manifest[key]
    if (chunk === undefined || alreadyLoaded.has(key)) continue
    js.push(`/${chunk.file}`)
    for (const sheet of chunk.css ?? []) css.push(`/${sheet}`)
  }
  return { js, css }
}

/**
 * The page's scripts fetched at low priority: its prerendered HTML is complete without them (they
 * make it interactive), so on a slow connection the stylesheet, hence the first paint, goes first.
 */
export function withLowPriorityScripts(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")([^>]*?)(\s*\/?)>/g, '<$1$2 fetchpriority="low"$3>')
}

export async function prerender(webDir: string): Promise<BuildMeta> {
  const clientDir = path.join(webDir, 'dist/client')
  const serverEntry = path.join(webDir, 'dist/server/entry-server.js')
  const template = await readFile(path.join(clientDir, 'index.html'), 'utf8')
  const manifestText = await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8')
  const manifest = JSON.parse(manifestText) as ViteManifest
  const server = (await import(pathToFileURL(serverEntry).href)) as ServerEntry

  // Same sources, same id: asset names are content hashes and the template names them.
  const buildId = createHash('sha256').update(manifestText).update(template).digest('hex').slice(0, 16)
  const timestamp = Date.now()
  const prerendered: string[] = []

  for (const target of server.prerenderTargets()) {
    const page = await server.renderPage(target.url)
    const title = documentTitle(page.handle.title, placeholder('siteName'))
    // A workspace page needs its layout's chunk too (with the data cache): preloaded with it.
    const { js, css } = preloadsFor(manifest, [...target.layoutFiles, target.file])
    const head = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(page.handle.description)}" />`,
      `<meta name="${BUILD_ID_META}" content="${buildId}" />`,
      ...css.map((href) => `<link rel="stylesheet" href="${href}" />`),
      ...js.map((href) => `<link rel="modulepreload" href="${href}" />`),
      `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${RUNTIME_CONFIG_PLACEHOLDER}</script>`
    ].join('\n    ')
    if (!template.includes(HEAD_PLACEHOLDER) || !template.includes(APP_HTML_PLACEHOLDER)) {
      throw new Error('web/index.html lost its <!--app-head--> or <!--app-html--> placeholder')
    }
    const html = withLowPriorityScripts(template.replace(HEAD_PLACEHOLDER, head)).replace(APP_HTML_PLACEHOLDER, page.html)

    if (target.notFound) {
      await writeFile(path.join(clientDir, '404.html'), html)
      continue
    }
    const dir = path.join(clientDir, target.path)
    await mkdir(dir, { recursive: true })
    await writeFile(path.join(dir, 'index.html'), html)
    const payload: RoutePayload = {
      path: target.path,
      title,
      description: page.handle.description,
      data: page.payload
    }
    await writeFile(path.join(clientDir, shellPaths.payload(target.path)), JSON.stringify(payload))
    prerendered.push(target.path)
  }

  const meta: BuildMeta = { id: buildId, timestamp, prerendered }
  const latest: LatestBuild = { id: buildId, timestamp }
  await mkdir(path.join(clientDir, 'builds/meta'), { recursive: true })
  await writeFile(path.join(clientDir, shellPaths.buildMeta(buildId)), JSON.stringify(meta))
  await writeFile(path.join(clientDir, shellPaths.latestBuild), JSON.stringify(latest))
  return meta
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const webDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
  const meta = await prerender(webDir)
  console.log(`prerendered ${meta.prerendered.length} pages and the 404 page, build ${meta.id}`)
}
