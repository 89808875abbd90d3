// The plateforme agréée's way (XP Z12-013): the buyer's SIREN asked of the directory first (not
// listed: e-mail meanwhile), then the Factur-X deposited as one flow, idempotently — the invoice's
// id is the trackingId and the file's SHA-256 goes with it, so a repeat after a lost answer is
// recognised by the platform (AlreadyExistingFlow), which counts as done.
import { createHash } from 'node:crypto'
import type { FlowClient, PlatformCredentials } from './flow-client.js'
import { emailChannel, type InvoiceChannel } from './channels.js'

export function platformChannel(client: FlowClient, credentials: PlatformCredentials): InvoiceChannel {
  return {
    name: 'platform',
    async handOff(invoice) {
      const siren = invoice.buyer.siren as string
      if (!(await client.isListed(credentials, siren))) return emailChannel('not_in_directory').handOff(invoice)
      const sha256 = createHash('sha256').update(invoice.pdf).digest('hex')
      const deposit = await client.deposit(
        credentials,
        {
          flowSyntax: 'Factur-X',
          flowProfile: 'CIUS',
          processingRule: 'B2B',
          trackingId: invoice.id,
          name: `${invoice.number}.pdf`,
          sha256
        },
        invoice.pdf,
        `${invoice.number}.pdf`
      )
      return {
        channel: 'platform',
        flowId: deposit.flowId,
        fileSha256: sha256,
        emailReason: null,
        alreadyExisting: deposit.alreadyExisting
      }
    }
  }
}
