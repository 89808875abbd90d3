// Chorus Pro's way for a public buyer: the Factur-X deposited as it was issued. Idempotent without
// a tracking id (Chorus Pro's deposit has none): before depositing, the supplier's invoices are
// looked up by the invoice's number, and one already there (an earlier try whose answer was lost)
// counts as done — the invoice is never deposited twice by us.
import { createHash } from 'node:crypto'
import type { InvoiceChannel } from './channels.js'
import type { ChorusProClient, ChorusProCredentials } from './chorus-pro-client.js'

export function chorusProChannel(client: ChorusProClient, credentials: ChorusProCredentials): InvoiceChannel {
  return {
    name: 'chorus_pro',
    async handOff(invoice) {
      const sha256 = createHash('sha256').update(invoice.pdf).digest('hex')
      const known = (await client.findInvoices(credentials, invoice.number)).find((found) => found.number === invoice.number)
      if (known !== undefined)
        return {
          channel: 'chorus_pro',
          flowId: known.flowNumber ?? known.invoiceId,
          fileSha256: sha256,
          emailReason: null,
          alreadyExisting: true
        }
      const flowNumber = await client.deposit(credentials, invoice.pdf, `${invoice.number}.pdf`)
      return { channel: 'chorus_pro', flowId: flowNumber, fileSha256: sha256, emailReason: null, alreadyExisting: false }
    }
  }
}
