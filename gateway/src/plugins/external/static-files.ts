import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import type { LogLevel } from '../../config.js'
import { cacheControlForFile } from '../../site/cache-policy.js'

export interface StaticFilesOptions {
  siteDir: string
  logLevel: LogLevel
}

/**
 * The build's files (hashed assets, fonts, images, `builds/` manifests, robots, sitemap) from disk,
 * with the build's `.br`/`.gz` siblings, conditional and range requests and path safety.
 *
 * One route per file, listed once at start (`wildcard: false`): a URL that is not a file of the
 * build never reaches the file system (nothing to stat, nothing to traverse), and routing is the
 * only cost of a miss. The HTML pages and route payloads are not listed: they carry runtime values
 * and are served from memory (site/page-store.ts); neither are the compressed siblings and the
 * build's internals (dot folders).
 */
export default async function staticFiles(fastify: FastifyInstance, options: StaticFilesOptions) {
  const root = path.resolve(options.siteDir)
  await fastify.register(fastifyStatic, {
    root,
    wildcard: false,
    globIgnore: ['**/*.html', '**/_payload.json', '**/*.br', '**/*.gz'],
    serveDotFiles: false,
    index: false,
    redirect: false,
    preCompressed: true,
    // Ours, by URL (site/cache-policy.ts), instead of send's `public, max-age=0`.
    cacheControl: false,
    logLevel: options.logLevel,
    setHeaders: (reply, filePath) => {
      // `filePath` is the file sent, possibly its `.br`/`.gz` sibling: the URL's policy applies.
      const urlPath = `/${path.relative(root, filePath).split(path.sep).join('/')}`.replace(/\.(br|gz)$/, '')
      reply.header('cache-control', cacheControlForFile(urlPath))
    }
  })
}
