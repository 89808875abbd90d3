import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import path from 'node:path'
import type { Config } from '../../config.js'
import { SITE_CACHE_DIRECTORY } from '../../site/compression-cache.js'
import { loadSiteStore, type SiteStore } from '../../site/site-store.js'

declare module 'fastify' {
  interface FastifyInstance {
    site: SiteStore
  }
}

export interface SitePluginOptions {
  /** The site already being loaded (app.ts starts it first, so it overlaps the database's start). */
  loading?: Promise<SiteStore>
}

/** The site as this config serves it, its compressions kept between starts under DATA_DIR. */
export function loadConfiguredSite(config: Config): Promise<SiteStore> {
  return loadSiteStore(config.siteDir, config.runtime, path.join(config.database.dataDir, SITE_CACHE_DIRECTORY))
}

/** Loads the built site into memory once, at start. */
export default fp<SitePluginOptions>(
  async function site(fastify: FastifyInstance, options) {
    const store = await (options.loading ?? loadConfiguredSite(fastify.config))
    fastify.decorate('site', store)
    // Loaded once at start: it stays ready for the life of the process.
    fastify.readiness.require('site', async () => store.size > 0)
    fastify.log.info({ files: store.size, siteDir: fastify.config.siteDir }, 'site loaded')
  },
  { name: 'site', dependencies: ['config', 'readiness'] }
)
