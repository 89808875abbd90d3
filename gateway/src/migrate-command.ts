// `npm run migrate`: applies pending migrations to the configured database and exits. The
// gateway also applies them at start; this is for operators who want it as a separate step.
import { ConfigError, loadConfig } from './config.js'
import { migrate } from './db/migrate.js'
import { openDatabase } from './db/open-database.js'

try {
  const config = loadConfig(process.env)
  const db = await openDatabase(config.database, (error) => console.error(error))
  try {
    const applied = await migrate(db)
    console.log(applied.length === 0 ? 'Database up to date.' : `Applied migrations: ${applied.join(', ')}`)
  } finally {
    await db.close()
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exitCode = 1
}
