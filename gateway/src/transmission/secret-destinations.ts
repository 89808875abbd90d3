// Where a company's secrets are sent (its plateforme agréée, its Chorus Pro access), checked in
// production when they are saved: https only, and never a host inside our network (checked again
// on each connection: http-call.ts). Called before the saving transaction, as the webhooks' address
// is: resolving a name may take seconds, and every request waits behind an open transaction on
// the embedded database's one connection.
import { ApiProblem } from '../errors.js'
import { addressProblem, bareHost } from '../webhooks/destination.js'

const INVALID = 'Certains champs sont invalides.'
const CLEAR = 'Une adresse en https:// est requise : les secrets ne doivent jamais circuler en clair.'

function parsedHttpUrl(raw: string | null | undefined): URL | null {
  if (typeof raw !== 'string') return null
  try {
    const url = new URL(raw.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

/** Throws the first address's refusal, in French, against its field. Unreadable addresses are left to the form's check. */
export async function requireSafeDestinations(
  production: boolean,
  addresses: ReadonlyArray<readonly [field: string, url: string | null | undefined]>
): Promise<void> {
  if (!production) return
  for (const [field, raw] of addresses) {
    const url = parsedHttpUrl(raw)
    if (url === null) continue
    if (url.protocol === 'http:') throw new ApiProblem(400, 'validation_failed', INVALID, { [field]: CLEAR })
    const problem = await addressProblem(bareHost(url))
    if (problem !== null) throw new ApiProblem(400, 'validation_failed', INVALID, { [field]: problem })
  }
}
