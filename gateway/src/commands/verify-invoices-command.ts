// `npm run verify-invoices`: recomputes the SHA-256 chain of every company's issued invoices
// (or one company's: `-- <company id>`) and lists any invoice altered, missing or out of series.
// Exit code 0 when every chain holds, 2 when a problem was found.
import { loadConfig } from '../config.js'
import { openDatabase } from '../db/open-database.js'
import { verifyInvoiceChains } from '../invoices/invoice-verification.js'
import { runCommand } from './run-command.js'

async function main(): Promise<number> {
  const config = loadConfig(process.env)
  const db = await openDatabase(config.database, (error) => console.error(error))
  try {
    const report = await verifyInvoiceChains(db, process.argv[2])
    for (const problem of report.problems)
      console.log(`ALTÉRÉE  entreprise ${problem.companyId}  facture ${problem.number} : ${problem.problem}`)
    const summary = `${report.invoices} facture(s) émise(s) vérifiée(s) dans ${report.companies} entreprise(s)`
    if (report.problems.length === 0) {
      console.log(`Chaîne intacte : ${summary}.`)
      return 0
    }
    console.log(`${report.problems.length} anomalie(s) : ${summary}.`)
    return 2
  } finally {
    await db.close()
  }
}

await runCommand(main)
