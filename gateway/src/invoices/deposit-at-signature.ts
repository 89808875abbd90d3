// « Facture d'acompte à la signature » (a company setting, off by default): when the client signs
// a quote that asks for a deposit, its deposit invoice is issued and e-mailed to the client by
// itself, as « Facture d'acompte » then « Envoyer la facture » would. The signature's completion
// queues the job in the transaction that stores the signed copy (quotes/complete-signature.ts),
// so it exists exactly once per signature; the job acts as the company's owner, the setting being
// the company's. An invoice the professional could not issue by hand either (an incomplete
// profile, the plan's quota) is left to them: logged, not retried, the quote's invoicing box
// still offers it.
import type { DepositSettings } from '@paraphe/shared/api/invoice-client-schemas'
import type { AuthUser } from '../auth/token-verifier.js'
import { memberFrom, membershipRead, type MemberScope } from '../company/membership.js'
import { asUser, type Database, type Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { enqueueJob } from '../jobs/job-queue.js'
import { registerJob, type RegisteredJob } from '../jobs/job-runner.js'
import type { ActionLog, InvoiceActions } from './invoice-actions.js'
import { depositAtSignatureJob } from './invoice-job-definitions.js'

export async function depositSettings(tx: Queryable): Promise<DepositSettings> {
  const { rows } = await tx.query<{ deposit_at_signature: boolean }>(
    'select deposit_at_signature from paraphe.invoice_settings where company_id = (select paraphe.current_company_id())'
  )
  return { depositAtSignature: rows[0]?.deposit_at_signature ?? false }
}

export async function saveDepositSettings(tx: Queryable, companyId: string, settings: DepositSettings): Promise<DepositSettings> {
  await tx.query(
    `insert into paraphe.invoice_settings (company_id, deposit_at_signature) values ($1, $2)
     on conflict (company_id) do update set deposit_at_signature = excluded.deposit_at_signature, updated_at = now()`,
    [companyId, settings.depositAtSignature]
  )
  return settings
}

/** In the signature's completion: queues the deposit invoice when the company wants it and the quote asks for a deposit. */
export async function queueDepositAtSignature(tx: Queryable, companyId: string, quoteId: string): Promise<boolean> {
  const { rows } = await tx.query<{ wanted: boolean }>(
    `select coalesce(s.deposit_at_signature, false) and coalesce((q.content ->> 'depositBp')::int, 0) > 0 as wanted
       from paraphe.quotes q left join paraphe.invoice_settings s on s.company_id = q.company_id
      where q.id = $1 and q.company_id = $2`,
    [quoteId, companyId]
  )
  if (rows[0]?.wanted !== true) return false
  return enqueueJob(tx, depositAtSignatureJob, { quoteId }, { companyId })
}

interface DepositState {
  company_id: string
  owner_id: string
  owner_email: string
  wanted: boolean
  invoice_id: string | null
  invoice_status: string | null
  sent: boolean
}

/** The owner's own transaction, as their requests have it (row-level security, membership). */
function ownerScope(db: Database, owner: AuthUser): MemberScope {
  return (work) =>
    asUser(
      db,
      { sub: owner.id, email: owner.email, role: 'authenticated' },
      (tx, opened) => work(tx, memberFrom(owner, opened)),
      membershipRead(owner)
    )
}

export interface DepositAtSignatureContext {
  db: Database
  /** Read when the job runs: the actions are decorated after the job registry. */
  actions: () => InvoiceActions
  log: ActionLog
}

/**
 * Issues and sends the quote's deposit invoice. Idempotent: a deposit invoice the quote already
 * has (made by hand, or by an earlier run) is not made again; one issued by an earlier run that
 * died before its e-mail is sent now. Resolves to what it did.
 */
export async function issueDepositAtSignature(
  context: DepositAtSignatureContext,
  quoteId: string
): Promise<'issued_and_sent' | 'sent' | 'nothing' | 'refused'> {
  const { rows } = await context.db.query<DepositState>(
    `select q.company_id, m.user_id as owner_id, m.email as owner_email,
            coalesce(s.deposit_at_signature, false) as wanted,
            i.id as invoice_id, i.status as invoice_status,
            exists (select 1 from paraphe.invoice_events e where e.invoice_id = i.id and e.type = 'sent') as sent
       from paraphe.quotes q
       join paraphe.company_members m on m.company_id = q.company_id and m.role = 'owner'
       left join paraphe.invoice_settings s on s.company_id = q.company_id
       left join lateral (select id, status from paraphe.invoices
                           where quote_id = q.id and kind = 'deposit' order by created_at limit 1) i on true
      where q.id = $1 and q.status = 'signed'`,
    [quoteId]
  )
  const state = rows[0]
  // Turned off since the signature, or the quote is no longer signed: nothing to do.
  if (state === undefined || !state.wanted) return 'nothing'
  const owner: AuthUser = { id: state.owner_id, email: state.owner_email, role: 'authenticated', aal: 'aal1', sessionId: null }
  const scope = ownerScope(context.db, owner)
  const actions = context.actions()
  try {
    if (state.invoice_id !== null) {
      // The professional's own draft, or an invoice already sent, is theirs to handle.
      if (state.invoice_status !== 'issued' || state.sent) return 'nothing'
      await actions.send(scope, state.invoice_id, {}, context.log)
      return 'sent'
    }
    const invoice = await actions.create(scope, { kind: 'deposit', quoteId }, { issue: true }, context.log)
    await actions.send(scope, invoice.id, {}, context.log)
    return 'issued_and_sent'
  } catch (error) {
    if (!(error instanceof ApiProblem)) throw error
    context.log.warn(
      { quoteId, companyId: state.company_id, code: error.code, reason: error.message },
      'deposit invoice not issued at signature: left to the professional'
    )
    return 'refused'
  }
}

/** The job's handler, for the registry (plugins/app/jobs.ts). */
export function depositAtSignatureJobs(context: DepositAtSignatureContext): RegisteredJob[] {
  return [
    registerJob(depositAtSignatureJob, async ({ quoteId }, run) => {
      const done = await issueDepositAtSignature(context, quoteId)
      if (done !== 'nothing') run.log.info({ quoteId, done }, 'deposit invoice at signature')
    })
  ]
}
