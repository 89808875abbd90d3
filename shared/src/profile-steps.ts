// The company profile asked in steps: what the first quote legally needs, then each of the rest
// at the moment it is needed (the insurance at the first building-trade quote, the bank details
// at the first deposit or invoice). One rule for the profile page, the editor and the gateway.
import { profileGaps, type CompanyProfile } from './company.js'

/**
 * The first step: the seller's mentions on every devis (name, legal form, address, SIRET, RCS/RM,
 * VAT number or the franchise) and how to reach them. The gateway refuses to send without the
 * required ones (`profileGaps`); the rest of the profile waits until it is needed.
 */
export const FIRST_STEP_FIELDS = [
  'companyName',
  'legalForm',
  'address',
  'siret',
  'registration',
  'franchiseEnBase',
  'vatNumber',
  'email',
  'phone'
] as const satisfies ReadonlyArray<keyof CompanyProfile>

export function isFirstStepField(field: keyof CompanyProfile): boolean {
  return (FIRST_STEP_FIELDS as ReadonlyArray<keyof CompanyProfile>).includes(field)
}

/** The profile's later sections, by the anchor the page gives them (`/espace/profil#assurance`). */
export const PROFILE_SECTIONS = { insurance: 'assurance', bank: 'banque' } as const

/** What a building-trade quote still lacks: the insurer and its geographic coverage (the policy number is optional). */
export function insuranceGaps(profile: CompanyProfile): string[] {
  const gaps: string[] = []
  if (profile.insurer.trim() === '') gaps.push('l’assureur')
  if (profile.insuranceCoverage.trim() === '') gaps.push('la couverture géographique')
  return gaps
}

export const INSURANCE_REQUEST =
  'Pour un devis de travaux du bâtiment, votre assurance professionnelle (décennale) doit figurer sur le devis'

/** « Pour un devis de travaux du bâtiment, … : indiquez l’assureur et la couverture géographique. », or null when complete. */
export function insuranceRequest(profile: CompanyProfile): string | null {
  const gaps = insuranceGaps(profile)
  return gaps.length === 0 ? null : `${INSURANCE_REQUEST}\u202f: indiquez ${gaps.join(' et ')} dans votre profil.`
}

/**
 * Asked, never required (the law does not require them on a devis or an invoice): without an
 * IBAN, the client has no transfer details and no payment QR code.
 */
export function bankDetailsRequest(profile: CompanyProfile, moment: 'deposit' | 'invoice'): string | null {
  if (profile.iban.trim() !== '') return null
  const where =
    moment === 'deposit' ? 'le devis, pour régler l’acompte par virement' : 'la facture et sa page de paiement, avec un QR code de virement'
  return `Ajoutez vos coordonnées bancaires (IBAN et BIC) à votre profil\u202f: elles figureront sur ${where}.`
}

/** Everything the profile lacks before this quote can be sent, in French. */
export function sendingProfileGaps(
  profile: CompanyProfile,
  quote: { buildingTrade: boolean }
): { identity: string[]; insurance: string[] } {
  return { identity: profileGaps(profile), insurance: quote.buildingTrade ? insuranceGaps(profile) : [] }
}
