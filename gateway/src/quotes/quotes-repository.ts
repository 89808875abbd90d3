// Quotes as the signed-in user sees them. Every function runs inside `asUser`, so the policies
// already limit rows to the user's own: "not found" covers both unknown and foreign ids.
import { newLineId } from '@paraphe/shared/line-id'
import { parisIsoDate } from '@paraphe/shared/dates'
import { STANDARD_VAT_BP } from '@paraphe/shared/money'
import { isAwaitingClient, isSection, QUOTE_DEFAULTS, type Quote, type QuoteContent } from '@paraphe/shared/quote'
import { discountProblem } from '@paraphe/shared/quote-totals'
import { theRow, type Queryable } from '../db/database.js'
import { ApiProblem, notFound } from '../errors.js'
import { readProfile } from '../profile/profile-repository.js'
import { isRowId } from '../db/row-id.js'
import { QUOTE_COLUMNS, searchText, toQuote, totalsOf, type QuoteRow } from './quote-rows.js'

/** The content to store and its saved client's id: a link to a client that is not (or no longer) the company's is dropped. */
async function linkedContent(tx: Queryable, content: QuoteContent): Promise<{ content: QuoteContent; savedClientId: string | null }> {
  const { savedClientId: named, ...rest } = content
  const savedClientId = await resolvedClientId(tx, named)
  return { content: savedClientId === null ? rest : { ...rest, savedClientId }, savedClientId }
}

export const frozen = () =>
  new ApiProblem(
    409,
    'quote_frozen',
    'Ce devis a été envoyé : il ne peut plus être modifié. Utilisez « Modifier » pour en créer une nouvelle version.'
  )

export async function findQuote(tx: Queryable, id: string, options: { lock?: boolean } = {}): Promise<QuoteRow> {
  if (!isRowId(id)) throw notFound()
  const { rows } = await tx.query<QuoteRow>(
    `select ${QUOTE_COLUMNS} from paraphe.quotes where id = $1${options.lock === true ? ' for update' : ''}`,
    [id]
  )
  const row = rows[0]
  if (row === undefined) throw notFound()
  return row
}

export async function getQuote(tx: Queryable, id: string): Promise<Quote> {
  return toQuote(await findQuote(tx, id))
}

async function defaultContent(tx: Queryable, now: Date): Promise<{ content: QuoteContent; franchiseEnBase: boolean }> {
  const { profile } = await readProfile(tx)
  return {
    franchiseEnBase: profile.franchiseEnBase,
    content: {
      client: { kind: 'individual', name: '', company: '', email: '', phone: '', address: '' },
      siteAddress: '',
      title: '',
      issueDate: parisIsoDate(now),
      validityDays: profile.defaultValidityDays || QUOTE_DEFAULTS.validityDays,
      workStartDate: null,
      workDuration: '',
      lines: [
        {
          id: newLineId(),
          description: '',
          quantityMilli: 1000,
          unit: 'u',
          unitPriceCents: 0,
          vatRateBp: profile.franchiseEnBase ? 0 : STANDARD_VAT_BP,
          discountBp: 0
        }
      ],
      depositBp: 0,
      paymentTerms: profile.defaultPaymentTerms,
      conditions: profile.defaultExecutionConditions,
      notes: '',
      buildingTrade: false,
      requireEmailCode: false
    }
  }
}

function assertComputable(content: QuoteContent, franchiseEnBase: boolean): number {
  // A discount in euros larger than its line is the professional's slip: named on its field, in French.
  content.lines.forEach((line, index) => {
    const problem = isSection(line) ? null : discountProblem(line)
    if (problem !== null) throw new ApiProblem(400, 'validation_failed', problem, { [`lines.${index}.discountCents`]: problem })
  })
  try {
    return totalsOf(content, franchiseEnBase).totalTtcCents
  } catch {
    throw new ApiProblem(400, 'validation_failed', 'Les montants de ce devis sont trop élevés.', {
      lines: 'Les montants sont trop élevés.'
    })
  }
}

async function insertDraft(tx: Queryable, companyId: string, typed: QuoteContent, franchiseEnBase: boolean): Promise<Quote> {
  const totalTtc = assertComputable(typed, franchiseEnBase)
  const { content, savedClientId } = await linkedContent(tx, typed)
  const { rows } = await tx.query<QuoteRow>(
    `insert into paraphe.quotes (company_id, content, franchise_en_base, total_ttc_cents, search_text, saved_client_id)
     values ($1, $2, $3, $4, $5, $6) returning ${QUOTE_COLUMNS}`,
    [companyId, JSON.stringify(content), franchiseEnBase, totalTtc, searchText(null, content), savedClientId]
  )
  return toQuote(theRow(rows))
}

/**
 * What « Nouveau devis » opens: a draft with the profile's defaults that is not stored yet (id '',
 * version 0). The editor creates it with its first input, so no empty draft is ever left behind.
 */
export async function unsavedDraft(tx: Queryable, now: Date): Promise<Quote> {
  const { content, franchiseEnBase } = await defaultContent(tx, now)
  assertComputable(content, franchiseEnBase)
  const at = now.toISOString()
  return {
    ...content,
    id: '',
    number: null,
    status: 'draft',
    franchiseEnBase,
    totals: totalsOf(content, franchiseEnBase),
    version: 0,
    createdAt: at,
    updatedAt: at,
    sentAt: null,
    expiresOn: null,
    replacedBy: null
  }
}

export async function createQuote(tx: Queryable, companyId: string, partial: Partial<QuoteContent>, now: Date): Promise<Quote> {
  const defaults = await defaultContent(tx, now)
  return insertDraft(tx, companyId, { ...defaults.content, ...partial }, defaults.franchiseEnBase)
}

export async function updateDraft(tx: Queryable, id: string, version: number, typed: QuoteContent): Promise<Quote> {
  const row = await findQuote(tx, id, { lock: true })
  if (row.status !== 'draft') throw frozen()
  if (row.version !== version) {
    throw new ApiProblem(
      409,
      'version_conflict',
      'Ce devis a été modifié ailleurs (autre onglet ou appareil) : rechargez-le avant de continuer.'
    )
  }
  const totalTtc = assertComputable(typed, row.franchise_en_base)
  const { content, savedClientId } = await linkedContent(tx, typed)
  const { rows } = await tx.query<QuoteRow>(
    `update paraphe.quotes set content = $2, total_ttc_cents = $3, search_text = $4, saved_client_id = $5, version = version + 1, updated_at = now()
      where id = $1 returning ${QUOTE_COLUMNS}`,
    [id, JSON.stringify(content), totalTtc, searchText(null, content), savedClientId]
  )
  return toQuote(theRow(rows))
}

export async function deleteDraft(tx: Queryable, id: string): Promise<void> {
  const row = await findQuote(tx, id, { lock: true })
  if (row.status !== 'draft') {
    throw new ApiProblem(409, 'quote_frozen', 'Un devis envoyé ne peut pas être supprimé ; vous pouvez l’annuler.')
  }
  await tx.query('delete from paraphe.quotes where id = $1', [id])
}

/** A new draft with the same client, lines and terms, dated today. */
export async function duplicateQuote(tx: Queryable, companyId: string, id: string, now: Date): Promise<Quote> {
  const row = await findQuote(tx, id)
  const { franchiseEnBase } = await defaultContent(tx, now)
  const content: QuoteContent = {
    ...row.content,
    issueDate: parisIsoDate(now),
    lines: row.content.lines.map((line) => ({ ...line, id: newLineId() }))
  }
  return insertDraft(tx, companyId, content, franchiseEnBase)
}

export async function recordEvent(tx: Queryable, quoteId: string, companyId: string, type: string, data: object = {}): Promise<void> {
  await tx.query('insert into paraphe.quote_events (quote_id, company_id, type, data) values ($1, $2, $3, $4)', [
    quoteId,
    companyId,
    type,
    JSON.stringify(data)
  ])
}

/** Sent or viewed → cancelled; its link then says so. */
export async function cancelQuote(tx: Queryable, companyId: string, id: string): Promise<Quote> {
  const row = await findQuote(tx, id, { lock: true })
  if (row.status === 'draft') throw new ApiProblem(409, 'quote_draft', 'Un brouillon ne s’annule pas : supprimez-le.')
  if (!isAwaitingClient(row.status)) {
    throw new ApiProblem(409, 'quote_closed', 'Ce devis est déjà clos (signé, refusé, expiré ou annulé).')
  }
  const closed = await closeQuote(tx, id, companyId, 'cancelled')
  await tx.query('update paraphe.signing_links set revoked_at = now() where quote_id = $1 and revoked_at is null', [id])
  return closed
}

/**
 * The professional's side of ending a quote (cancelled by hand, expired by the job): the status
 * and its event in the history, always together. Signing and declining are the client's, done
 * by paraphe.sign_quote / decline_quote in the same way.
 */
export async function closeQuote(tx: Queryable, id: string, companyId: string, status: 'cancelled' | 'expired'): Promise<Quote> {
  const { rows } = await tx.query<QuoteRow>(
    `update paraphe.quotes set status = $2, updated_at = now() where id = $1 returning ${QUOTE_COLUMNS}`,
    [id, status]
  )
  await recordEvent(tx, id, companyId, status)
  return toQuote(theRow(rows))
}

/** « Modifier » a sent quote: a new draft copy, and the sent one is cancelled and points to it. */
export async function reviseQuote(tx: Queryable, companyId: string, id: string, now: Date): Promise<Quote> {
  const row = await findQuote(tx, id, { lock: true })
  if (!isAwaitingClient(row.status)) {
    throw new ApiProblem(409, 'quote_not_revisable', 'Seul un devis envoyé et pas encore signé ou refusé peut être modifié.')
  }
  const draft = await duplicateQuote(tx, companyId, id, now)
  await cancelQuote(tx, companyId, id)
  await tx.query('update paraphe.quotes set replaced_by = $2 where id = $1', [id, draft.id])
  await recordEvent(tx, id, companyId, 'revised', { replacedBy: draft.id })
  return draft
}

export interface QuoteEvent {
  type: string
  occurredAt: string
  data: Record<string, unknown>
}

export async function listEvents(tx: Queryable, id: string): Promise<QuoteEvent[]> {
  await findQuote(tx, id)
  const { rows } = await tx.query<{ type: string; occurred_at: Date; data: Record<string, unknown> }>(
    'select type, occurred_at, data from paraphe.quote_events where quote_id = $1 order by id',
    [id]
  )
  return rows.map((row) => ({ type: row.type, occurredAt: row.occurred_at.toISOString(), data: row.data }))
}

/** The saved client a quote's content names, if it is one of the company's (else none: the link is a convenience). */
async function resolvedClientId(tx: Queryable, id: string | undefined): Promise<string | null> {
  if (id === undefined || !isRowId(id)) return null
  const { rows } = await tx.query<{ id: string }>('select id from paraphe.saved_clients where id = $1', [id])
  return rows[0]?.id ?? null
}
