import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/database.js'
import { migrate } from '../../db/migrate.js'
import { openDatabase } from '../../db/open-database.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
  }
}

export interface DatabasePluginOptions {
  /** An open, migrated database owned by the caller (tests share one per process). */
  database?: Database
}

/** Opens the configured database and applies pending migrations before the server listens. */
export default fp<DatabasePluginOptions>(
  async function database(fastify: FastifyInstance, options) {
    let db = options.database
    if (db === undefined) {
      const opened = await openDatabase(fastify.config.database, (error) => fastify.log.error({ err: error }, 'database connection lost'))
      fastify.addHook('onClose', () => opened.close())
      const applied = await migrate(opened)
      if (applied.length > 0) fastify.log.info({ applied, engine: opened.engine }, 'database migrations applied')
      db = opened
    }
    fastify.decorate('db', db)
    const ready = db
    fastify.readiness.watch('database', async () => (await ready.query('select 1 as ok')).rows.length === 1)
  },
  { name: 'database', dependencies: ['config', 'readiness'] }
)
