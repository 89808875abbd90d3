// A professional's quote, sent, with its signing link's token; and what a client posts to sign
// it with a drawn signature. Shared by the tests that walk send → view → sign.
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { COMPLETE_PROFILE, completeContent, type TestUser } from './workspace-users.js'

const points = Array.from({ length: 40 }, (_, index) => ({
  x: 20 + index * 8,
  y: 80 + Math.sin(index / 3) * 30,
  time: 1_700_000_000_000 + index * 16
}))

export const signBody = (documentSha256: string) => ({
  signerName: 'Élise Martin',
  accepted: true,
  mention: 'Bon pour accord',
  preWorkAcknowledged: true,
  signature: { method: 'drawn', strokes: [{ points }], padWidth: 400, padHeight: 160 },
  documentSha256
})

export async function sentQuote(pro: TestUser): Promise<{ id: string; token: string }> {
  await pro.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = (await pro.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json<{ quote: Quote }>()
    .quote
  const url = new URL((await pro.request('POST', `/api/quotes/${draft.id}/send`)).json<{ signingUrl: string }>().signingUrl)
  return { id: draft.id, token: url.searchParams.get('token') as string }
}
