// A refused draft, said in full: the gateway's message and what it found missing, field by field
// (« Le SIREN du client professionnel est obligatoire sur la facture. »).
import type { ApiError } from '@/lib/api-client'

export function requestProblem(error: Pick<ApiError, 'message' | 'fields'>): string[] {
  const details = Object.values(error.fields ?? {}).filter((text) => text !== error.message)
  return [error.message, ...new Set(details)]
}

/** A SIREN as typed (spaces allowed), or the reason it is not one. */
export function checkSiren(text: string): { ok: true; value: string } | { ok: false; message: string } {
  const digits = text.replace(/[\s\u00a0\u202f]/g, '')
  if (digits === '') return { ok: false, message: 'Le SIREN du client professionnel est obligatoire sur la facture.' }
  if (!/^\d{9}$/.test(digits)) return { ok: false, message: 'Le SIREN compte 9 chiffres (les 9 premiers du SIRET).' }
  return { ok: true, value: digits }
}
