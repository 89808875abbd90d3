// « How an issued invoice leaves »: one interface, three ways — the professional's plateforme
// agréée (XP Z12-013 flow API), Chorus Pro for public buyers, and the e-mail of today — chosen per
// invoice from its buyer. Each hand-off answers with what happened or a PlatformError, whose
// `retryable` the queue follows (back-off on 5xx, 429, timeouts; give up on other refusals).
import type { InvoiceBuyer } from '@paraphe/shared/invoices/invoice-document'

export type ChannelName = 'platform' | 'chorus_pro' | 'email'
/** Why a French business buyer gets the invoice by e-mail meanwhile. */
export type EmailReason = 'no_platform' | 'not_in_directory'

export interface IssuedInvoice {
  id: string
  companyId: string
  number: string
  buyer: InvoiceBuyer
  /** The Factur-X PDF/A-3 as issued. */
  pdf: Uint8Array
}

export interface HandOff {
  channel: ChannelName
  /** The platform's flow id (platform, Chorus Pro); null by e-mail. */
  flowId: string | null
  fileSha256: string | null
  emailReason: EmailReason | null
  /** The platform already had it (our earlier try got through): nothing was deposited twice. */
  alreadyExisting: boolean
}

export interface InvoiceChannel {
  readonly name: ChannelName
  handOff: (invoice: IssuedInvoice) => Promise<HandOff>
}

/**
 * Which way an invoice goes, before the directory is asked: a French business (a SIREN, a French
 * address) goes through the PA when the company has one; everyone else (a private person, a
 * foreign buyer) by e-mail, which is no e-invoice — the figures e-reporting needs stay in the
 * invoice's document.
 */
export function channelFor(buyer: InvoiceBuyer, hasPlatform: boolean): { channel: ChannelName; emailReason: EmailReason | null } {
  const frenchBusiness = buyer.kind === 'business' && buyer.siren !== null && buyer.address.countryCode === 'FR'
  if (!frenchBusiness) return { channel: 'email', emailReason: null }
  if (!hasPlatform) return { channel: 'email', emailReason: 'no_platform' }
  return { channel: 'platform', emailReason: null }
}

/**
 * The e-mail of today: the professional sends the issued invoice with « Envoyer la facture »
 * (invoices/client/invoice-sending.ts), as before; the hand-off only records that this is the way.
 */
export function emailChannel(reason: EmailReason | null): InvoiceChannel {
  return {
    name: 'email',
    handOff: async () => ({ channel: 'email', flowId: null, fileSha256: null, emailReason: reason, alreadyExisting: false })
  }
}
