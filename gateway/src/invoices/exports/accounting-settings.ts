// « Comptes comptables »: the accounts the FEC sales journal books to, a company setting
// (shared/src/invoices/accounting-accounts.ts). Any member reads them; the owner changes them, as
// they are the company's books.
import {
  accountingAccountsProblems,
  DEFAULT_ACCOUNTING_ACCOUNTS,
  trimmedAccounts,
  type AccountingAccounts
} from '@paraphe/shared/invoices/accounting-accounts'
import { requireOwner, type RequestMember } from '../../company/membership.js'
import type { Queryable } from '../../db/database.js'
import { ApiProblem } from '../../errors.js'

/** The requester's company's accounts: its own, else the defaults (a setting saved before a field existed gets that field's default). */
export async function accountingAccounts(tx: Queryable): Promise<AccountingAccounts> {
  const { rows } = await tx.query<{ accounting_accounts: Partial<AccountingAccounts> | null }>(
    'select accounting_accounts from paraphe.invoice_settings where company_id = (select paraphe.current_company_id())'
  )
  const saved = rows[0]?.accounting_accounts ?? {}
  return { ...DEFAULT_ACCOUNTING_ACCOUNTS, ...saved, vat: { ...DEFAULT_ACCOUNTING_ACCOUNTS.vat, ...saved.vat } }
}

export async function saveAccountingAccounts(
  tx: Queryable,
  member: RequestMember,
  accounts: AccountingAccounts
): Promise<AccountingAccounts> {
  requireOwner(member, 'changer les comptes comptables')
  const problems = accountingAccountsProblems(accounts)
  if (Object.keys(problems).length > 0) {
    throw new ApiProblem(422, 'validation_failed', 'Un numéro de compte ne convient pas : corrigez les champs signalés.', problems)
  }
  const stored = trimmedAccounts(accounts)
  await tx.query(
    `insert into paraphe.invoice_settings (company_id, accounting_accounts) values ($1, $2::jsonb)
     on conflict (company_id) do update set accounting_accounts = excluded.accounting_accounts, updated_at = now()`,
    [member.companyId, JSON.stringify(stored)]
  )
  return stored
}
