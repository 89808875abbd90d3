// Bank details printed on a quote that asks for a deposit: IBAN (ISO 13616, checked with its
// mod-97 key) and BIC (ISO 9362). One copy of the rules for the profile form and the gateway.

const SEPARATORS = /[\s\u00a0\u202f.-]/g

/** IBAN lengths of the countries French professionals' banks are in (SEPA); others: 15 to 34. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  FR: 27,
  MC: 27,
  BE: 16,
  LU: 20,
  CH: 21,
  DE: 22,
  ES: 24,
  IT: 27,
  PT: 25,
  NL: 18,
  GB: 22,
  IE: 22,
  AT: 20,
  AD: 24
}

/** Capitals, no spaces: « fr76 3000 6000 0112 3456 7890 189 » → « FR7630006000011234567890189 ». */
export function normaliseIban(text: string): string {
  return text.replace(SEPARATORS, '').toUpperCase()
}

/** By groups of four, as banks print it. */
export function formatIban(iban: string): string {
  return normaliseIban(iban).replace(/(.{4})(?=.)/g, '$1 ')
}

/** ISO 7064 mod 97-10 over the IBAN with its first four characters moved to the end (letters as 10–35). */
function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const character of rearranged) {
    const value = Number.parseInt(character, 36)
    // Two-digit values (letters) shift by 100, digits by 10.
    remainder = (value > 9 ? remainder * 100 + value : remainder * 10 + value) % 97
  }
  return remainder
}

/** French message when the IBAN is malformed or its key wrong; null when valid. */
export function ibanProblem(text: string): string | null {
  const iban = normaliseIban(text)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban))
    return 'L’IBAN commence par 2 lettres (le pays) et 2 chiffres de clé, suivis de lettres et de chiffres.'
  const expected = IBAN_LENGTHS[iban.slice(0, 2)]
  if (expected !== undefined && iban.length !== expected)
    return `Un IBAN ${iban.slice(0, 2)} compte ${expected} caractères (vous en avez saisi ${iban.length}).`
  if (iban.length < 15 || iban.length > 34) return 'Un IBAN compte de 15 à 34 caractères.'
  if (ibanRemainder(iban) !== 1) return 'Cet IBAN n’est pas valide : vérifiez les caractères (clé de contrôle incorrecte).'
  return null
}

export function normaliseBic(text: string): string {
  return text.replace(SEPARATORS, '').toUpperCase()
}

/** French message when the BIC is not 8 or 11 characters in the ISO 9362 shape; null when valid. */
export function bicProblem(text: string): string | null {
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normaliseBic(text))) {
    return 'Le BIC compte 8 ou 11 caractères : 4 lettres (la banque), 2 lettres (le pays), puis 2 ou 5 lettres ou chiffres.'
  }
  return null
}

/** The bank details' problems by field, as the profile checks them (both or neither). */
export function bankDetailsProblems(iban: string, bic: string): { iban?: string; bic?: string } {
  const problems: { iban?: string; bic?: string } = {}
  if (iban.trim() !== '') {
    const problem = ibanProblem(iban)
    if (problem !== null) problems.iban = problem
  }
  if (bic.trim() !== '') {
    const problem = bicProblem(bic)
    if (problem !== null) problems.bic = problem
  } else if (iban.trim() !== '') problems.bic = 'Indiquez aussi le BIC de votre banque, imprimé avec l’IBAN.'
  if (iban.trim() === '' && bic.trim() !== '') problems.iban = 'Indiquez aussi l’IBAN du compte.'
  return problems
}

export const BANK_DETAILS_TITLE = 'Coordonnées bancaires pour l’acompte'

/**
 * Where to pay the deposit by transfer, as the PDF and the signing page show it: only when the
 * quote asks for a deposit and the profile has an IBAN (null otherwise).
 */
export function depositBankRows(
  depositBp: number,
  company: { companyName: string; iban: string; bic: string }
): Array<{ label: string; value: string }> | null {
  if (depositBp <= 0 || company.iban.trim() === '') return null
  return [
    { label: 'Titulaire du compte', value: company.companyName },
    { label: 'IBAN', value: formatIban(company.iban) },
    { label: 'BIC', value: company.bic }
  ]
}
