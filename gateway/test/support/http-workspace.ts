// A professional and a client over real HTTP (for tests against gateway processes): the access
// token is signed like Supabase Auth's, as in workspace-users.ts.
import { randomUUID } from 'node:crypto'
import { parisIsoDate } from '@paraphe/shared/dates'
import { userAccessToken } from './gotrue-tokens.js'
import { AUTH_ENV, COMPLETE_PROFILE, completeContent, JWT_SECRET } from './workspace-users.js'

export { AUTH_ENV }

export interface HttpUser {
  id: string
  call: (method: string, url: string, body?: unknown) => Promise<Response>
}

export async function httpUser(origin: string, id: string = randomUUID()): Promise<HttpUser> {
  const token = await userAccessToken({ userId: id, email: `artisan-${id.slice(0, 8)}@example.fr` }, JWT_SECRET)
  return {
    id,
    call: (method, url, body) =>
      fetch(`${origin}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
  }
}

/** A complete profile and a quote sent: returns its id and the signing link's token. */
export async function sentQuoteOverHttp(user: HttpUser): Promise<{ id: string; token: string }> {
  await user.call('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = (
    (await (await user.call('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json()) as {
      quote: { id: string }
    }
  ).quote
  const sent = (await (await user.call('POST', `/api/quotes/${draft.id}/send`)).json()) as { signingUrl: string }
  return { id: draft.id, token: new URL(sent.signingUrl).searchParams.get('token') as string }
}

/** The body of the client's « Signer » request as the signing page sends it (drawn signature). */
export function signRequestBody(documentSha256: string): Record<string, unknown> {
  const points = Array.from({ length: 40 }, (_, index) => ({
    x: 20 + index * 8,
    y: 80 + Math.sin(index / 3) * 30,
    time: 1_700_000_000_000 + index * 16
  }))
  return {
    signerName: 'Élise Martin',
    accepted: true,
    mention: 'Bon pour accord',
    preWorkAcknowledged: true,
    signature: { method: 'drawn', strokes: [{ points }], padWidth: 400, padHeight: 160 },
    documentSha256
  }
}

/** The client's signature through the signing API, as the signing page sends it. */
export async function signOverHttp(origin: string, token: string): Promise<Response> {
  const view = (await (await fetch(`${origin}/api/sign/${token}`)).json()) as { documentSha256: string }
  return fetch(`${origin}/api/sign/${token}/sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Test)' },
    body: JSON.stringify(signRequestBody(view.documentSha256))
  })
}
