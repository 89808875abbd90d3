// The company profile, read and written as the signed-in user (RLS: own row only).
import { EMPTY_PROFILE, type CompanyProfile } from '@paraphe/shared/company'
import type { Queryable } from '../db/database.js'

interface ProfileRow {
  company_name: string
  legal_form: string
  address: string
  siret: string
  registration: string
  vat_number: string
  email: string
  phone: string
  insurer: string
  insurance_coverage: string
  insurance_policy: string
  iban: string
  bic: string
  mediator_name: string
  mediator_url: string
  default_payment_terms: string
  default_execution_conditions: string
  default_validity_days: number
  franchise_en_base: boolean
  logo_type: 'image/png' | 'image/jpeg' | null
  updated_at: Date
}

export interface StoredProfile {
  profile: CompanyProfile
  logo: { type: 'image/png' | 'image/jpeg'; updatedAt: string } | null
}

const COLUMNS: ReadonlyArray<[keyof CompanyProfile, keyof ProfileRow]> = [
  ['companyName', 'company_name'],
  ['legalForm', 'legal_form'],
  ['address', 'address'],
  ['siret', 'siret'],
  ['registration', 'registration'],
  ['vatNumber', 'vat_number'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['insurer', 'insurer'],
  ['insuranceCoverage', 'insurance_coverage'],
  ['insurancePolicy', 'insurance_policy'],
  ['iban', 'iban'],
  ['bic', 'bic'],
  ['mediatorName', 'mediator_name'],
  ['mediatorUrl', 'mediator_url'],
  ['defaultPaymentTerms', 'default_payment_terms'],
  ['defaultExecutionConditions', 'default_execution_conditions'],
  ['defaultValidityDays', 'default_validity_days'],
  ['franchiseEnBase', 'franchise_en_base']
]

function toProfile(row: ProfileRow): CompanyProfile {
  const profile = { ...EMPTY_PROFILE } as Record<keyof CompanyProfile, unknown>
  for (const [field, column] of COLUMNS) profile[field] = row[column]
  return profile as CompanyProfile
}

export async function readProfile(tx: Queryable): Promise<StoredProfile> {
  const { rows } = await tx.query<ProfileRow>(
    `select ${COLUMNS.map(([, column]) => column).join(', ')}, logo_type, updated_at from paraphe.profiles`
  )
  const row = rows[0]
  if (row === undefined) return { profile: { ...EMPTY_PROFILE }, logo: null }
  return {
    profile: toProfile(row),
    logo: row.logo_type === null ? null : { type: row.logo_type, updatedAt: row.updated_at.toISOString() }
  }
}

export async function writeProfile(tx: Queryable, companyId: string, profile: CompanyProfile): Promise<StoredProfile> {
  const columns = COLUMNS.map(([, column]) => column)
  const values = COLUMNS.map(([field]) => profile[field])
  await tx.query(
    `insert into paraphe.profiles (company_id, ${columns.join(', ')}) values ($1, ${columns.map((_, index) => `$${index + 2}`).join(', ')})
     on conflict (company_id) do update set ${columns.map((column) => `${column} = excluded.${column}`).join(', ')}, updated_at = now()`,
    [companyId, ...values]
  )
  // Drafts follow the profile's VAT regime; sent quotes keep the one they were sent with.
  await tx.query(`update paraphe.quotes set franchise_en_base = $1 where status = 'draft' and franchise_en_base <> $1`, [
    profile.franchiseEnBase
  ])
  return readProfile(tx)
}

export async function readLogo(tx: Queryable): Promise<{ bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | null> {
  const { rows } = await tx.query<{ logo: Uint8Array | null; logo_type: 'image/png' | 'image/jpeg' | null }>(
    'select logo, logo_type from paraphe.profiles'
  )
  const row = rows[0]
  return row?.logo == null || row.logo_type === null ? null : { bytes: row.logo, type: row.logo_type }
}

export async function writeLogo(tx: Queryable, companyId: string, logo: { bytes: Uint8Array; type: string } | null): Promise<void> {
  await tx.query(
    `insert into paraphe.profiles (company_id, logo, logo_type) values ($1, $2, $3)
     on conflict (company_id) do update set logo = excluded.logo, logo_type = excluded.logo_type, updated_at = now()`,
    [companyId, logo?.bytes ?? null, logo?.type ?? null]
  )
}
