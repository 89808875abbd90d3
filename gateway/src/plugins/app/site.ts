import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
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

/** Loads the built site into memory once, at start. */
export default fp<SitePluginOptions>(
  async function site(fastify: FastifyInstance, options) {
    const store = await (options.loading ?? loadSiteStore(fastify.config.siteDir, fastify.config.runtime))
    fastify.decorate('site', store)
    // Loaded once at start: it stays ready for the life of the process.
    fastify.readiness.add('site', async () => store.size > 0)
    fastify.log.info({ files: store.size, siteDir: fastify.config.siteDir }, 'site loaded')
  },
  { name: 'site', dependencies: ['config', 'readiness'] }
)
