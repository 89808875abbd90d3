// The company profile form: what is typed, checked here as the gateway checks it (same shared
// rules for SIRET and VAT numbers), so mistakes show before sending.
import { isEmailAddress } from '@paraphe/shared/email'
import { bankDetailsProblems, normaliseBic, normaliseIban } from '@paraphe/shared/bank-details'
import { mediatorUrlProblem, siretProblem, vatNumberProblem, type CompanyProfile } from '@paraphe/shared/company'
import { QUOTE_DEFAULTS } from '@paraphe/shared/quote'

export type ProfileForm = Omit<CompanyProfile, 'defaultValidityDays'> & { defaultValidityDays: string }

export type ProfileErrors = Readonly<Partial<Record<keyof CompanyProfile, string>>>

export function profileFormOf(profile: CompanyProfile): ProfileForm {
  return { ...profile, defaultValidityDays: String(profile.defaultValidityDays) }
}

/** The order in which the fields appear, to put the focus on the first one to fix. */
export const PROFILE_FIELD_ORDER: ReadonlyArray<keyof CompanyProfile> = [
  'companyName',
  'legalForm',
  'address',
  'siret',
  'registration',
  'vatNumber',
  'franchiseEnBase',
  'email',
  'phone',
  'insurer',
  'insuranceCoverage',
  'insurancePolicy',
  'iban',
  'bic',
  'mediatorName',
  'mediatorUrl',
  'defaultValidityDays',
  'defaultPaymentTerms',
  'defaultExecutionConditions'
]

export function readProfileForm(form: ProfileForm): { ok: true; profile: CompanyProfile } | { ok: false; errors: ProfileErrors } {
  const errors: Partial<Record<keyof CompanyProfile, string>> = {}
  const siret = form.siret.trim()
  const vat = form.vatNumber.trim()
  const email = form.email.trim()
  if (siret !== '') errors.siret = siretProblem(siret) ?? undefined
  if (vat !== '') errors.vatNumber = vatNumberProblem(vat, siret === '' ? undefined : siret) ?? undefined
  if (email !== '' && !isEmailAddress(email))
    errors.email = 'Cette adresse e-mail ne semble pas valide (exemple\u202f: contact@entreprise.fr).'
  Object.assign(errors, bankDetailsProblems(form.iban, form.bic))
  errors.mediatorUrl = mediatorUrlProblem(form.mediatorUrl) ?? undefined
  const days = /^\d{1,3}$/.test(form.defaultValidityDays.trim()) ? Number(form.defaultValidityDays.trim()) : NaN
  if (!(days >= 1 && days <= QUOTE_DEFAULTS.maxValidityDays)) {
    errors.defaultValidityDays = `La durée de validité est un nombre de jours, de 1 à ${QUOTE_DEFAULTS.maxValidityDays}.`
  }
  const found = Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as ProfileErrors
  if (Object.keys(found).length > 0) return { ok: false, errors: found }
  const bank = { iban: normaliseIban(form.iban), bic: normaliseBic(form.bic) }
  return {
    ok: true,
    profile: { ...form, siret, vatNumber: vat, email, ...bank, mediatorUrl: form.mediatorUrl.trim(), defaultValidityDays: days }
  }
}

/** The first field with a problem, in the page's order. */
export function firstProblem(errors: ProfileErrors): keyof CompanyProfile | undefined {
  return PROFILE_FIELD_ORDER.find((field) => errors[field] !== undefined)
}
