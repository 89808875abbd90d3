// A public buyer (State, commune, school, hospital), invoiced through Chorus Pro: its SIRET (14
// digits, Luhn-checked as company.ts checks every SIRET), its « code service » when it gives one,
// and per invoice the « numéro d'engagement » (its purchase order). The invoice carries the code
// service as the buyer reference (BT-10) and the engagement as the order reference (BT-13), which
// is where Chorus Pro reads them from a Factur-X.
import { normaliseSiret, siretProblem } from './company.js'
import { holdsNul, NUL_CHARACTER_MESSAGE } from './storable-text.js'

export const PUBLIC_BUYER_LIMITS = {
  /** Chorus Pro's codes service are short identifiers; 100 leaves room without inviting prose. */
  serviceCode: 100,
  /** BT-13 is at most 50 characters in Chorus Pro (unconfirmed; the EN 16931 field itself has no limit). */
  engagementNumber: 50
} as const

export interface PublicBuyer {
  /** 14 digits. */
  siret: string
  /** Empty when the buyer has none. */
  serviceCode: string
}

export type PublicBuyerProblems = Partial<Record<'siret' | 'serviceCode', string>>

/** The public buyer trimmed (the SIRET as its digits), or what is wrong, in French. */
export function checkPublicBuyer(input: PublicBuyer): { ok: true; value: PublicBuyer } | { ok: false; problems: PublicBuyerProblems } {
  const problems: PublicBuyerProblems = {}
  const siret = normaliseSiret(input.siret)
  if (siret === '') problems.siret = 'Le SIRET de l’acheteur public est obligatoire : Chorus Pro l’identifie par ce numéro.'
  else {
    const problem = siretProblem(siret)
    if (problem !== null) problems.siret = problem
  }
  const serviceCode = input.serviceCode.trim()
  const serviceProblem = serviceCodeProblem(serviceCode)
  if (serviceProblem !== null) problems.serviceCode = serviceProblem
  return Object.keys(problems).length === 0 ? { ok: true, value: { siret, serviceCode } } : { ok: false, problems }
}

/** Null when the code service (already trimmed) may be stored. */
export function serviceCodeProblem(serviceCode: string): string | null {
  if (serviceCode.length > PUBLIC_BUYER_LIMITS.serviceCode) return `Au plus ${PUBLIC_BUYER_LIMITS.serviceCode} caractères.`
  if (holdsNul(serviceCode)) return NUL_CHARACTER_MESSAGE
  return null
}

/** Null when the engagement number (already trimmed) may go on the invoice. */
export function engagementNumberProblem(engagement: string): string | null {
  if (engagement.length > PUBLIC_BUYER_LIMITS.engagementNumber)
    return `Le numéro d’engagement compte au plus ${PUBLIC_BUYER_LIMITS.engagementNumber} caractères.`
  if (holdsNul(engagement)) return NUL_CHARACTER_MESSAGE
  return null
}
