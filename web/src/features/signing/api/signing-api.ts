// The client's side of a quote (`/api/sign/{token}…`), typed as the gateway answers it.
import type { CompanyProfile } from '@paraphe/shared/company'
import type { LinkState } from '@paraphe/shared/link-state'
import type { Quote } from '@paraphe/shared/quote'
import type { ApiClient } from '@/lib/api-client'


export interface SigningView {
  state: LinkState
  quote: Quote
  company: CompanyProfile
  /** SHA-256 of the quote PDF this page shows; sent back when signing. */
  documentSha256: string
  linkExpiresAt: string
  signature: { signerName: string; signedAt: string; method: 'drawn' | 'typed' } | null
  declinedAt: string | null
  /** The sealed PDF exists (made right after the signature). */
  signedDocument: boolean
}

/** A link that can no longer be signed: its page says why. */
export type ClosedView = SigningView & { state: Exclude<LinkState, 'open'> }

export function isClosed(view: SigningView): view is ClosedView {
  return view.state !== 'open'
}

export interface StrokePoint {
  x: number
  y: number
  time: number
}

export interface DrawnSignature {
  method: 'drawn'
  strokes: Array<{ points: StrokePoint[] }>
  /** The pad's size in CSS pixels, which the strokes' coordinates refer to. */
  padWidth: number
  padHeight: number
}

export type SignatureInput = DrawnSignature | { method: 'typed'; text: string }

export interface SignRequest {
  signerName: string
  accepted: boolean
  mention: string
  preWorkAcknowledged?: boolean
  signature: SignatureInput
  emailCode?: string
  documentSha256: string
}

/** Header by which the gateway records « consulté » once per visitor session. */
export const VISITOR_HEADER = 'x-signing-visitor'

const link = (token: string) => `/api/sign/${encodeURIComponent(token)}`

export const signingApi = {
  view: (api: ApiClient, token: string, visitor: string, signal?: AbortSignal) =>
    api.get<SigningView>(link(token), { signal, headers: { [VISITOR_HEADER]: visitor } }),
  sign: (api: ApiClient, token: string, body: SignRequest) => api.post<{ state: 'signed'; signedDocument: boolean }>(`${link(token)}/sign`, { body }),
  decline: (api: ApiClient, token: string, reason: string) => api.post<{ state: 'declined' }>(`${link(token)}/decline`, { body: { reason } }),
  requestCode: (api: ApiClient, token: string) => api.post<{ sentTo: string }>(`${link(token)}/otp`),
  /** The quote PDF, or the sealed signed PDF once signed (served as an attachment). */
  pdfHref: (token: string) => `${link(token)}/pdf`
}
