import { isEmailAddress } from '@paraphe/shared/email'
import { bankDetailsProblems, normaliseBic, normaliseIban } from '@paraphe/shared/bank-details'
import {
  mediatorUrlProblem,
  normaliseSiret,
  normaliseVatNumber,
  siretProblem,
  vatNumberProblem,
  type CompanyProfile
} from '@paraphe/shared/company'
import { ApiProblem } from '../errors.js'

/** The profile with identifiers normalised, or a 400 naming each wrong field in French. */
export function checkedProfile(profile: CompanyProfile): CompanyProfile {
  const fields: Record<string, string> = {}
  const trimmed = Object.fromEntries(
    Object.entries(profile).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value])
  ) as unknown as CompanyProfile
  if (trimmed.siret !== '') {
    const problem = siretProblem(trimmed.siret)
    if (problem !== null) fields.siret = problem
  }
  if (trimmed.vatNumber !== '') {
    const problem = vatNumberProblem(trimmed.vatNumber, trimmed.siret === '' ? undefined : trimmed.siret)
    if (problem !== null) fields.vatNumber = problem
  }
  if (trimmed.email !== '' && !isEmailAddress(trimmed.email)) fields.email = 'Cette adresse e-mail n’est pas valide.'
  Object.assign(fields, bankDetailsProblems(trimmed.iban, trimmed.bic))
  const mediatorUrl = mediatorUrlProblem(trimmed.mediatorUrl)
  if (mediatorUrl !== null) fields.mediatorUrl = mediatorUrl
  if (Object.keys(fields).length > 0) throw new ApiProblem(400, 'validation_failed', 'Certains champs sont invalides.', fields)
  return {
    ...trimmed,
    siret: trimmed.siret === '' ? '' : normaliseSiret(trimmed.siret),
    vatNumber: trimmed.vatNumber === '' ? '' : normaliseVatNumber(trimmed.vatNumber),
    iban: normaliseIban(trimmed.iban),
    bic: normaliseBic(trimmed.bic)
  }
}
