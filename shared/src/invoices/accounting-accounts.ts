// The accounts of the Plan comptable général the FEC sales journal books to, a company setting
// with the defaults an accountant expects: building work to 704 « Travaux », services to 706,
// goods to 707, the client to 411, the VAT collected to 44571. One module for the settings form
// and the gateway that checks and uses them.
import { Type, type Static } from '@sinclair/typebox'

export const REVENUE_KINDS = ['works', 'services', 'goods'] as const
export type RevenueKind = (typeof REVENUE_KINDS)[number]

/** The VAT rates (basis points) an invoice can collect VAT at, each with its account. */
export const VAT_ACCOUNT_RATES = ['2000', '1000', '550', '210'] as const
export type VatAccountRate = (typeof VAT_ACCOUNT_RATES)[number]

const accountNumber = Type.String({ maxLength: 20 })

export const AccountingAccountsSchema = Type.Object(
  {
    works: accountNumber,
    services: accountNumber,
    goods: accountNumber,
    customers: accountNumber,
    vat: Type.Object(
      { '2000': accountNumber, '1000': accountNumber, '550': accountNumber, '210': accountNumber },
      { additionalProperties: false }
    )
  },
  { additionalProperties: false }
)
export type AccountingAccounts = Static<typeof AccountingAccountsSchema>
export const AccountingAccountsBody = Type.Object({ accounts: AccountingAccountsSchema })

export const DEFAULT_ACCOUNTING_ACCOUNTS: Readonly<AccountingAccounts> = {
  works: '704000',
  services: '706000',
  goods: '707000',
  customers: '411000',
  vat: { '2000': '445710', '1000': '445710', '550': '445710', '210': '445710' }
}

/** What each account is, as the form and the FEC's CompteLib say it. */
export const REVENUE_ACCOUNT_LABELS: Readonly<Record<RevenueKind, string>> = {
  works: 'Travaux',
  services: 'Prestations de services',
  goods: 'Ventes de marchandises'
}
export const CUSTOMER_ACCOUNT_LABEL = 'Clients'
export const VAT_ACCOUNT_LABEL = 'TVA collectée'

/** `2000` → `20 %`, `550` → `5,5 %`. */
export function vatRateLabel(rate: VatAccountRate): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(Number(rate) / 100)}\u00a0%`
}

/** Each account's class in the PCG: its first digits, and how a message names it. */
const CLASSES: ReadonlyArray<{ field: Exclude<keyof AccountingAccounts, 'vat'> | 'vat'; prefix: string; what: string; example: string }> = [
  { field: 'works', prefix: '70', what: 'un compte de ventes (classe 70)', example: '704000' },
  { field: 'services', prefix: '70', what: 'un compte de ventes (classe 70)', example: '706000' },
  { field: 'goods', prefix: '70', what: 'un compte de ventes (classe 70)', example: '707000' },
  { field: 'customers', prefix: '41', what: 'un compte de clients (classe 41)', example: '411000' },
  { field: 'vat', prefix: '4457', what: 'un compte de TVA collectée (4457)', example: '445710' }
]

/** A PCG account number as accounting software writes it: 3 to 10 digits (the FEC keeps at least the PCG's first three). */
const ACCOUNT_NUMBER = /^\d{3,10}$/

/** The problem with one account number, in French, or null. */
function accountProblem(value: string, prefix: string, what: string, example: string): string | null {
  const number = value.trim()
  if (number === '') return `Indiquez ${what}, par exemple ${example}.`
  if (!ACCOUNT_NUMBER.test(number)) return `Un numéro de compte du plan comptable s’écrit en chiffres, de 3 à 10 (par exemple ${example}).`
  if (!number.startsWith(prefix)) return `Ce numéro n’est pas ${what} : il commence par ${prefix} (par exemple ${example}).`
  return null
}

/** The problems of each field (`works`, `vat.2000`, …), empty when every account is valid. */
export function accountingAccountsProblems(accounts: AccountingAccounts): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const { field, prefix, what, example } of CLASSES) {
    if (field === 'vat') {
      for (const rate of VAT_ACCOUNT_RATES) {
        const problem = accountProblem(accounts.vat[rate], prefix, what, example)
        if (problem !== null) problems[`vat.${rate}`] = problem
      }
    } else {
      const problem = accountProblem(accounts[field], prefix, what, example)
      if (problem !== null) problems[field] = problem
    }
  }
  return problems
}

/** The accounts with their spaces trimmed, as stored. */
export function trimmedAccounts(accounts: AccountingAccounts): AccountingAccounts {
  return {
    works: accounts.works.trim(),
    services: accounts.services.trim(),
    goods: accounts.goods.trim(),
    customers: accounts.customers.trim(),
    vat: {
      '2000': accounts.vat['2000'].trim(),
      '1000': accounts.vat['1000'].trim(),
      '550': accounts.vat['550'].trim(),
      '210': accounts.vat['210'].trim()
    }
  }
}

/**
 * The revenue account of an invoice: goods to the goods account; services, or goods and services
 * mixed, to works when they come from a building-trade quote, else to services.
 */
export function revenueKind(operation: 'goods' | 'services' | 'mixed', buildingWork: boolean): RevenueKind {
  if (operation === 'goods') return 'goods'
  return buildingWork ? 'works' : 'services'
}
