// The client's side of a quote (`/api/sign/{token}…`), typed as the gateway answers it.
import type { LinkState } from '@paraphe/shared/link-state'
import type { CodeSentBody, DeclinedBody, SignBody, SignedBody, SigningView } from '@paraphe/shared/api/signing-schemas'
import type { ApiClient } from '@/lib/api-client'

export type { DrawnSignature, SignatureInput, SigningView, StrokePoint } from '@paraphe/shared/api/signing-schemas'
export type SignRequest = SignBody

/** A link that can no longer be signed: its page says why. */
export type ClosedView = SigningView & { state: Exclude<LinkState, 'open'> }

export function isClosed(view: SigningView): view is ClosedView {
  return view.state !== 'open'
}

/** Header by which the gateway records « consulté » once per visitor session. */
export const VISITOR_HEADER = 'x-signing-visitor'

const link = (token: string) => `/api/sign/${encodeURIComponent(token)}`

export const signingApi = {
  view: (api: ApiClient, token: string, visitor: string, signal?: AbortSignal) =>
    api.get<SigningView>(link(token), { signal, headers: { [VISITOR_HEADER]: visitor } }),
  sign: (api: ApiClient, token: string, body: SignRequest) => api.post<SignedBody>(`${link(token)}/sign`, { body }),
  decline: (api: ApiClient, token: string, reason: string) => api.post<DeclinedBody>(`${link(token)}/decline`, { body: { reason } }),
  requestCode: (api: ApiClient, token: string) => api.post<CodeSentBody>(`${link(token)}/otp`),
  /** The quote PDF, or the sealed signed PDF once signed (served as an attachment). */
  pdfHref: (token: string) => `${link(token)}/pdf`,
  logoHref: (token: string) => `${link(token)}/logo`
}
