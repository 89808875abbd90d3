import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { loadSiteStore, type SiteStore } from '../../site/site-store.js'

declare module 'fastify' {
  interface FastifyInstance {
    site: SiteStore
  }
}

/** Loads the built site into memory once, at start. */
export default fp(
  async function site(fastify: FastifyInstance) {
    const store = await loadSiteStore(fastify.config.siteDir, fastify.config.runtime)
    fastify.decorate('site', store)
    // Loaded once at start: it stays ready for the life of the process.
    fastify.readiness.add('site', async () => store.size > 0)
    fastify.log.info({ files: store.size, siteDir: fastify.config.siteDir }, 'site loaded')
  },
  { name: 'site', dependencies: ['config', 'readiness'] }
)
