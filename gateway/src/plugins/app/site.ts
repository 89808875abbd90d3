import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import path from 'node:path'
import type { Config } from '../../config.js'
import { SITE_CACHE_DIRECTORY } from '../../site/compression-cache.js'
import { loadPageStore, type PageStore } from '../../site/page-store.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The prerendered pages with this start's values (site/page-store.ts); files are @fastify/static's. */
    site: PageStore
  }
}

export interface SitePluginOptions {
  /** The pages already being loaded (app.ts starts it first, so it overlaps the database's start). */
  loading?: Promise<PageStore>
}

/** The pages as this config serves them, their compressions kept between starts under DATA_DIR. */
export function loadConfiguredSite(config: Config): Promise<PageStore> {
  return loadPageStore(config.siteDir, config.runtime, path.join(config.database.dataDir, SITE_CACHE_DIRECTORY))
}

/** Renders the prerendered pages once, at start. */
export default fp<SitePluginOptions>(
  async function site(fastify: FastifyInstance, options) {
    const store = await (options.loading ?? loadConfiguredSite(fastify.config))
    fastify.decorate('site', store)
    // Loaded once at start: it stays ready for the life of the process.
    fastify.readiness.require('site', async () => store.size > 0)
    fastify.log.info({ pages: store.size, siteDir: fastify.config.siteDir }, 'site loaded')
  },
  { name: 'site', dependencies: ['config', 'readiness'] }
)
