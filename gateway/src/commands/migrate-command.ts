// `npm run migrate`: applies pending migrations to the configured database and exits. The
// gateway also applies them at start; this is for operators who want it as a separate step.
import { loadConfig } from '../config.js'
import { migrate } from '../db/migrate.js'
import { openDatabase } from '../db/open-database.js'
import { runCommand } from './run-command.js'

async function main(): Promise<number> {
  const config = loadConfig(process.env)
  const db = await openDatabase(config.database, (error) => console.error(error))
  try {
    const applied = await migrate(db)
    console.log(applied.length === 0 ? 'Database up to date.' : `Applied migrations: ${applied.join(', ')}`)
    return 0
  } finally {
    await db.close()
  }
}

await runCommand(main)
