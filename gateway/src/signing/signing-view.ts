// What the signing page shows for a link, read through the public functions as `anon`.
import type { CompanyProfile } from '@paraphe/shared/company'
import { linkState, type LinkState } from '@paraphe/shared/link-state'
import type { Quote, QuoteContent, QuoteStatus } from '@paraphe/shared/quote'
import { asAnonymous, type Database } from '../db/database.js'
import { toQuote } from '../quotes/quote-rows.js'
import { hashToken } from '../tokens/link-token.js'

export interface SigningView {
  state: LinkState
  quote: Quote
  company: CompanyProfile
  linkExpiresAt: string
  signature: { signerName: string; signedAt: string; method: 'drawn' | 'typed' } | null
  declinedAt: string | null
  /** The sealed PDF exists (it is made right after the signature). */
  signedDocument: boolean
  hasLogo: boolean
}

interface ViewJson {
  linkExpiresAt: string
  linkRevokedAt: string | null
  quote: {
    id: string
    number: string
    status: QuoteStatus
    content: QuoteContent
    franchiseEnBase: boolean
    company: CompanyProfile
    version: number
    createdAt: string
    updatedAt: string
    sentAt: string
    expiresOn: string
    replacedBy: string | null
    hasLogo: boolean
  }
  signature: SigningView['signature']
  declinedAt: string | null
  signedDocument: boolean
  now: string
}

function stateOf(view: ViewJson): LinkState {
  return linkState({ status: view.quote.status, revokedAt: view.linkRevokedAt, expiresAt: view.linkExpiresAt, now: new Date(view.now) })
}

export async function readSigningView(db: Database, token: string): Promise<SigningView | null> {
  const { rows } = await asAnonymous(db, (tx) =>
    tx.query<{ view: ViewJson | null }>('select paraphe.signing_view($1) as view', [hashToken(token)])
  )
  const view = rows[0]?.view ?? null
  if (view === null) return null
  const { quote: q } = view
  const quote = toQuote({
    id: q.id,
    number: q.number,
    status: q.status,
    content: q.content,
    franchise_en_base: q.franchiseEnBase,
    company: q.company,
    version: q.version,
    created_at: new Date(q.createdAt),
    updated_at: new Date(q.updatedAt),
    sent_at: new Date(q.sentAt),
    expires_on: q.expiresOn,
    replaced_by: q.replacedBy,
    // The professional's link to their saved client is not the signer's business.
    saved_client_id: null
  })
  const state = stateOf(view)
  return {
    state,
    quote: state === 'expired' ? { ...quote, status: 'expired' } : quote,
    company: q.company,
    linkExpiresAt: view.linkExpiresAt,
    signature: view.signature,
    declinedAt: view.declinedAt,
    signedDocument: view.signedDocument,
    hasLogo: q.hasLogo
  }
}

export interface SigningFiles {
  logo: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | null
  signedPdf: Uint8Array | null
}

export async function readSigningFiles(db: Database, token: string): Promise<SigningFiles> {
  const { rows } = await asAnonymous(db, (tx) =>
    tx.query<{ logo: Uint8Array | null; logo_type: 'image/png' | 'image/jpeg' | null; signed_pdf: Uint8Array | null }>(
      'select * from paraphe.signing_files($1)',
      [hashToken(token)]
    )
  )
  const row = rows[0]
  return {
    logo: row?.logo != null && row.logo_type !== null ? { bytes: row.logo, type: row.logo_type } : null,
    signedPdf: row?.signed_pdf ?? null
  }
}
