// « Payer par carte » from the client's invoice page: a Stripe Checkout session on the
// professional's own account (`Stripe-Account`), for the rest owed as the server computes it —
// never an amount from the page. One open session per invoice: a second tab gets the same one;
// once the rest changes (a payment typed by hand, a credit note) the old session is expired
// before a new one is opened, so Stripe itself refuses to take more than what is owed.
import type Stripe from 'stripe'
import { paths } from '@paraphe/shared/paths'
import { remainingCents } from '@paraphe/shared/invoices/invoice-payment-status'
import { INVOICE_KIND_LABELS, type InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { Database, Queryable } from '../../db/database.js'
import { ApiProblem } from '../../errors.js'
import { hashToken, isWellFormedToken } from '../../tokens/link-token.js'
import { findInvoice } from '../invoices-repository.js'

/** Stripe's shortest allowed life for a session (30 minutes), with margin: the client has an hour to pay. */
const SESSION_LIFE_SECONDS = 3600

const linkNotFound = () =>
  new ApiProblem(
    404,
    'link_not_found',
    'Ce lien de facture est introuvable : vérifiez qu’il est complet, ou demandez un nouvel envoi au professionnel.'
  )
export const cardPaymentUnavailable = () =>
  new ApiProblem(409, 'card_payment_unavailable', 'Le paiement par carte n’est pas proposé pour cette facture : réglez-la par virement.')
const nothingOwed = () => new ApiProblem(409, 'invoice_paid', 'Cette facture est entièrement réglée : il n’y a plus rien à payer.')
const paymentPending = () =>
  new ApiProblem(
    409,
    'card_payment_pending',
    'Un paiement par carte vient d’être fait pour cette facture et est en cours d’enregistrement : rechargez la page dans un instant.'
  )

interface Target {
  invoiceId: string
  companyId: string
  accountId: string
  number: string
  label: string
  remaining: number
}

interface OpenCheckout {
  session_id: string
  amount_cents: string
  url: string
  expires_at: Date
  account_id: string
}

/** The invoice behind a link that still works, what it asks, and the account that takes it. */
async function targetOf(tx: Queryable, token: string): Promise<Target> {
  const { rows } = await tx.query<{ invoice_id: string }>(
    'select invoice_id from paraphe.invoice_links where token_hash = $1 and revoked_at is null',
    [hashToken(token)]
  )
  const link = rows[0]
  if (link === undefined) throw linkNotFound()
  const row = await findInvoice(tx, link.invoice_id, { lock: true })
  if (row.status !== 'issued' || row.kind === 'credit_note') throw cardPaymentUnavailable()
  const remaining = remainingCents({
    kind: row.kind,
    status: row.status,
    amountDueCents: row.amount_due_cents,
    paidCents: row.paid_cents,
    creditedCents: row.credited_cents
  })
  if (remaining === 0) throw nothingOwed()
  const connection = await tx.query<{ account_id: string }>(
    `select account_id from paraphe.stripe_connections where company_id = $1 and disconnected_at is null and charges_enabled`,
    [row.company_id]
  )
  const accountId = connection.rows[0]?.account_id
  if (accountId === undefined) throw cardPaymentUnavailable()
  const document = row.document as InvoiceDocument
  return {
    invoiceId: row.id,
    companyId: row.company_id,
    accountId,
    number: row.number as string,
    label: `${INVOICE_KIND_LABELS[row.kind]} ${row.number ?? ''} — ${document.seller.name}`,
    remaining
  }
}

async function openCheckoutOf(tx: Queryable, invoiceId: string): Promise<OpenCheckout | null> {
  const { rows } = await tx.query<OpenCheckout>(
    `select session_id, amount_cents, url, expires_at, account_id from paraphe.invoice_card_checkouts where invoice_id = $1 and status = 'open'`,
    [invoiceId]
  )
  return rows[0] ?? null
}

/** The session Stripe is asked for: one line, the rest owed, in euros (the means are the account's own choice at Stripe). */
export function cardCheckoutParams(target: Target, token: string, publicUrl: URL, now: Date): Stripe.Checkout.SessionCreateParams {
  const back = new URL(paths.invoicePayment.href(token), publicUrl)
  const success = new URL(back)
  success.searchParams.set('paiement', 'carte')
  const metadata = { invoice_id: target.invoiceId, company_id: target.companyId, invoice_number: target.number }
  return {
    mode: 'payment',
    locale: 'fr',
    client_reference_id: target.invoiceId,
    line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: target.remaining, product_data: { name: target.label } } }],
    expires_at: Math.floor(now.getTime() / 1000) + SESSION_LIFE_SECONDS,
    success_url: success.href,
    cancel_url: back.href,
    metadata,
    payment_intent_data: { description: target.label, metadata }
  }
}

/**
 * Expires a session at Stripe. False when Stripe says it was paid meanwhile (its event is on the
 * way): then no other session may open.
 */
async function expireAtStripe(stripe: Stripe, sessionId: string, accountId: string): Promise<boolean> {
  try {
    await stripe.checkout.sessions.expire(sessionId, {}, { stripeAccount: accountId })
    return true
  } catch {
    const session = await stripe.checkout.sessions.retrieve(sessionId, {}, { stripeAccount: accountId })
    return session.status !== 'complete'
  }
}

/** The URL of the invoice's Checkout session for what it still asks: the open one, or a new one. */
export async function cardCheckoutUrl(db: Database, stripe: Stripe, token: string, publicUrl: URL, now: Date): Promise<string> {
  if (!isWellFormedToken(token)) throw linkNotFound()
  const { target, open } = await db.transaction(async (tx) => {
    const target = await targetOf(tx, token)
    return { target, open: await openCheckoutOf(tx, target.invoiceId) }
  })
  if (open !== null) {
    const fresh = new Date(open.expires_at).getTime() - now.getTime() > 5 * 60_000
    if (fresh && Number(open.amount_cents) === target.remaining && open.account_id === target.accountId) return open.url
    if (!(await expireAtStripe(stripe, open.session_id, open.account_id))) throw paymentPending()
    await db.query(`update paraphe.invoice_card_checkouts set status = 'expired' where session_id = $1 and status = 'open'`, [
      open.session_id
    ])
  }
  const session = await stripe.checkout.sessions.create(cardCheckoutParams(target, token, publicUrl, now), {
    stripeAccount: target.accountId
  })
  if (session.url === null) throw new Error('Stripe returned a Checkout session without a URL')
  const { rowCount } = await db.query(
    `insert into paraphe.invoice_card_checkouts (session_id, invoice_id, company_id, account_id, amount_cents, url, expires_at)
     values ($1, $2, $3, $4, $5, $6, to_timestamp($7)) on conflict (invoice_id) where status = 'open' do nothing`,
    [session.id, target.invoiceId, target.companyId, target.accountId, target.remaining, session.url, session.expires_at]
  )
  if (rowCount === 1) return session.url
  // Another tab opened one at the same moment: that one stands, ours goes.
  await expireAtStripe(stripe, session.id, target.accountId)
  const other = await openCheckoutOf(db, target.invoiceId)
  if (other === null) throw paymentPending()
  return other.url
}

/**
 * Expires the open sessions that no longer match what their invoice asks (a payment typed by hand,
 * a credit note, the invoice paid) or whose company disconnected its account; `invoiceId` limits
 * it to one invoice. Run after such changes and by the periodic jobs; returns how many went.
 */
export async function expireStaleCardCheckouts(db: Database, stripe: Stripe, invoiceId: string | null = null): Promise<number> {
  const { rows } = await db.query<{ session_id: string; account_id: string }>(
    `select k.session_id, k.account_id
       from paraphe.invoice_card_checkouts k
       join paraphe.invoices i on i.id = k.invoice_id
      where k.status = 'open' and ($1::uuid is null or k.invoice_id = $1::uuid)
        and (k.amount_cents <> greatest(0, i.amount_due_cents
               - coalesce((select sum(p.amount_cents) from paraphe.invoice_payments p where p.invoice_id = i.id), 0)
               - coalesce((select sum(c.total_ttc_cents) from paraphe.invoices c where c.corrects_invoice_id = i.id and c.status = 'issued'), 0))
             or not exists (select 1 from paraphe.stripe_connections c
                             where c.company_id = k.company_id and c.account_id = k.account_id and c.disconnected_at is null))`,
    [invoiceId]
  )
  let expired = 0
  for (const row of rows) {
    if (!(await expireAtStripe(stripe, row.session_id, row.account_id))) continue
    await db.query(`update paraphe.invoice_card_checkouts set status = 'expired' where session_id = $1 and status = 'open'`, [
      row.session_id
    ])
    expired += 1
  }
  return expired
}
