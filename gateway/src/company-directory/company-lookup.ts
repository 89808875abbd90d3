// A company's public identity from its SIRET, read from the State's company search
// (recherche-entreprises.api.gouv.fr, `GET /search?q=<siret>`), so a new professional types the
// SIRET and not the name, legal form and address the State already publishes. One request with a
// timeout; a French message when the service cannot be reached or does not know the SIRET.
import type { CompanyLookup } from '@paraphe/shared/api/company-directory-schemas'
import { normaliseSiret, siretProblem } from '@paraphe/shared/company'
import { ApiProblem } from '../errors.js'

export interface CompanyDirectoryOptions {
  /** The search's base URL (COMPANY_SEARCH_URL). */
  baseUrl: URL
  timeoutMs: number
  fetch?: typeof fetch
}

/** The INSEE legal categories a trade's quote names most, by their code (« nature juridique »). */
const LEGAL_FORMS: Readonly<Record<string, string>> = {
  '1000': 'Entrepreneur individuel',
  '5202': 'SNC',
  '5306': 'SCS',
  '5498': 'EURL',
  '5499': 'SARL',
  '5505': 'SA',
  '5599': 'SA',
  '5710': 'SAS',
  '5720': 'SASU',
  '6540': 'SCI'
}

/** The parts of the search's answer that are read; everything is checked, nothing trusted. */
interface Establishment {
  siret?: unknown
  adresse?: unknown
  numero_voie?: unknown
  type_voie?: unknown
  libelle_voie?: unknown
  code_postal?: unknown
  libelle_commune?: unknown
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/** « 12 RUE DES LILAS 69003 LYON » as two lines: the street, then the postcode and town. */
function addressOf(place: Establishment): string {
  const postcode = text(place.code_postal)
  const town = text(place.libelle_commune)
  const street = [text(place.numero_voie), text(place.type_voie), text(place.libelle_voie)].filter(Boolean).join(' ')
  if (street !== '' && postcode !== '') return `${street}\n${postcode} ${town}`.trim()
  return text(place.adresse)
}

const unreachable = () =>
  new ApiProblem(
    503,
    'company_search_unavailable',
    'La recherche d’entreprises de l’État ne répond pas pour le moment : remplissez les champs vous-même, ou réessayez plus tard.'
  )

export async function lookUpCompany(rawSiret: string, options: CompanyDirectoryOptions): Promise<CompanyLookup> {
  const problem = siretProblem(rawSiret)
  if (problem !== null) throw new ApiProblem(400, 'validation_failed', problem, { siret: problem })
  const siret = normaliseSiret(rawSiret)
  const url = new URL('search', options.baseUrl.href.endsWith('/') ? options.baseUrl : `${options.baseUrl.href}/`)
  url.searchParams.set('q', siret)
  let body: unknown
  try {
    const response = await (options.fetch ?? fetch)(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs)
    })
    if (!response.ok) throw unreachable()
    body = await response.json()
  } catch {
    throw unreachable()
  }
  const results =
    typeof body === 'object' && body !== null && Array.isArray((body as { results?: unknown }).results)
      ? ((body as { results: unknown[] }).results as Array<Record<string, unknown>>)
      : []
  const siren = siret.slice(0, 9)
  const company = results.find((result) => text(result.siren) === siren)
  if (company === undefined) {
    throw new ApiProblem(
      404,
      'company_not_found',
      'La recherche d’entreprises de l’État ne connaît pas ce SIRET : vérifiez-le, ou remplissez les champs vous-même.'
    )
  }
  const matching: unknown[] = Array.isArray(company.matching_etablissements) ? (company.matching_etablissements as unknown[]) : []
  const places = [company.siege, ...matching].filter((place): place is Establishment => typeof place === 'object' && place !== null)
  // The establishment of this SIRET (a branch's address, not the head office's), else the siège.
  const place = places.find((candidate) => text(candidate.siret) === siret) ?? places[0] ?? {}
  return {
    siret,
    companyName: text(company.nom_raison_sociale) || text(company.nom_complet),
    legalForm: LEGAL_FORMS[text(company.nature_juridique)] ?? '',
    address: addressOf(place)
  }
}
