// « Is this PDF one this instance sealed? »: the file's bytes go as they are (not JSON), so this
// is the one call that does not go through the JSON API client; errors read the same way.
import type { VerifyResult } from '@paraphe/shared/api/verification-schemas'
import { API_MESSAGES, ApiError, apiErrorOf } from '@/lib/api-client'

export type { VerifyResult } from '@paraphe/shared/api/verification-schemas'

export async function verifyPdf(file: Blob, fetcher: typeof fetch = (...args) => fetch(...args)): Promise<VerifyResult> {
  let response: Response
  try {
    response = await fetcher('/api/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', accept: 'application/json' },
      body: file,
      credentials: 'same-origin'
    })
  } catch {
    throw new ApiError(0, 'network_error', API_MESSAGES.unreachable)
  }
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) throw apiErrorOf(response.status, payload)
  return payload as VerifyResult
}
