import { API_MESSAGES, ApiError, type ApiClient } from '@/lib/api-client'
import type { ContactValues } from '@paraphe/shared/contact'

export type PostOutcome = { ok: true; email: string } | { ok: false; message: string }

/**
 * Sends the form to the gateway (`POST /api/contact`). Never throws: a failure comes back with
 * the message to show (the gateway's own, or why it could not be reached).
 */
export async function postContact(api: ApiClient, values: ContactValues, website: string): Promise<PostOutcome> {
  try {
    await api.post('/api/contact', { body: { ...values, website } })
    return { ok: true, email: values.email.trim() }
  } catch (error) {
    return { ok: false, message: error instanceof ApiError ? error.message : API_MESSAGES.failed }
  }
}
