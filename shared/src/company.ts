// The professional's company profile and the checks on its French identifiers.
import type { Static } from '@sinclair/typebox'
import type { CompanyProfileSchema } from './api/profile-schemas.js'

/**
 * What the professional's company prints on every quote, and its defaults for new quotes.
 * `registration` is the RCS or RM registration, e.g. « RCS Lyon 123 456 789 » or « RM 69 ».
 */
export type CompanyProfile = Static<typeof CompanyProfileSchema>

export const EMPTY_PROFILE: CompanyProfile = {
  companyName: '',
  legalForm: '',
  address: '',
  siret: '',
  registration: '',
  vatNumber: '',
  email: '',
  phone: '',
  insurer: '',
  insuranceCoverage: '',
  insurancePolicy: '',
  iban: '',
  bic: '',
  mediatorName: '',
  mediatorUrl: '',
  defaultPaymentTerms: '',
  defaultExecutionConditions: '',
  defaultValidityDays: 30,
  franchiseEnBase: false
}

const SPACES = /[\s\u00a0\u202f.-]/g

function luhnValid(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** Digits only: « 732 829 320 00074 » → « 73282932000074 ». */
export function normaliseSiret(text: string): string {
  return text.replace(SPACES, '')
}

/** French message when the SIRET is not 14 digits with a valid checksum; null when valid. */
export function siretProblem(text: string): string | null {
  const siret = normaliseSiret(text)
  if (!/^\d{14}$/.test(siret)) return 'Le SIRET compte 14 chiffres.'
  // La Poste's establishments do not follow Luhn: the digit sum is a multiple of 5 instead.
  const laPoste = siret.startsWith('356000000') && [...siret].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0
  if (!laPoste && (!luhnValid(siret) || !luhnValid(siret.slice(0, 9)))) {
    return 'Ce SIRET n’est pas valide : vérifiez les chiffres (clé de contrôle incorrecte).'
  }
  return null
}

export function normaliseVatNumber(text: string): string {
  return text.replace(SPACES, '').toUpperCase()
}

/** The French VAT key of a SIREN: (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0')
}

/**
 * The French VAT number of a SIRET (or a SIREN): FR, the key, the SIREN — what the tax office
 * gives every company liable to VAT. Null until 9 or 14 digits are typed.
 */
export function vatNumberOfSiret(text: string): string | null {
  const digits = normaliseSiret(text)
  if (!/^(\d{9}|\d{14})$/.test(digits)) return null
  const siren = digits.slice(0, 9)
  return `FR${frenchVatKey(siren)}${siren}`
}

/** French message when the number is not FR + key + SIREN with the right key; null when valid. */
export function vatNumberProblem(text: string, siret?: string): string | null {
  const vat = normaliseVatNumber(text)
  const match = /^FR(\d{2})(\d{9})$/.exec(vat)
  if (match === null) return 'Le numéro de TVA intracommunautaire s’écrit FR, 2 chiffres de clé puis les 9 chiffres du SIREN.'
  const [, key, siren] = match as unknown as [string, string, string]
  if (frenchVatKey(siren) !== key) return 'Ce numéro de TVA n’est pas valide : la clé ne correspond pas au SIREN.'
  if (siret !== undefined && /^\d{14}$/.test(normaliseSiret(siret)) && normaliseSiret(siret).slice(0, 9) !== siren) {
    return 'Ce numéro de TVA ne correspond pas au SIREN de votre SIRET.'
  }
  return null
}

/** « 73282932000074 » → « 732 829 320 00074 », as printed on documents. */
export function formatSiret(siret: string): string {
  const digits = normaliseSiret(siret)
  return /^\d{14}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}` : siret
}

/** What is missing from the profile before a quote can be sent (mandatory mentions). */
export function profileGaps(profile: CompanyProfile): string[] {
  const gaps: string[] = []
  if (profile.companyName.trim() === '') gaps.push('la raison sociale')
  if (profile.address.trim() === '') gaps.push('l’adresse')
  if (profile.siret.trim() === '') gaps.push('le SIRET')
  if (!profile.franchiseEnBase && profile.vatNumber.trim() === '') gaps.push('le numéro de TVA intracommunautaire')
  return gaps
}

/** French message when the mediator's site is not a web address (http or https); null when valid or empty. */
export function mediatorUrlProblem(text: string): string | null {
  const value = text.trim()
  if (value === '') return null
  try {
    const url = new URL(value)
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')) return null
  } catch {
    // Not a URL at all: the message below.
  }
  return 'Indiquez l’adresse complète du site du médiateur, par exemple https://www.mediateur-exemple.fr.'
}
