// Where a signing link stands from the client's side: the one rule, read by the gateway to answer
// and to refuse, and by the signing page to say why a link is closed.
import type { QuoteStatus } from './quote.js'

export const LINK_STATES = ['open', 'signed', 'declined', 'expired', 'cancelled', 'revoked'] as const
export type LinkState = (typeof LINK_STATES)[number]

export interface LinkFacts {
  status: QuoteStatus
  /** When the professional disabled this link (revoke-links, or a reminder's new link). */
  revokedAt: string | null
  expiresAt: string
  now: Date
}

/** The quote's own end wins over the link's; then a disabled link; then the link's date. */
export function linkState(link: LinkFacts): LinkState {
  const { status } = link
  if (status === 'signed' || status === 'declined' || status === 'cancelled' || status === 'expired') return status
  if (link.revokedAt !== null) return 'revoked'
  // The expiry job may not have run yet: the link's own date decides.
  return new Date(link.expiresAt) <= link.now ? 'expired' : 'open'
}
