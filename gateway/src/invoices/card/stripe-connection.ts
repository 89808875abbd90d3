// The company's Stripe account for card payments (Stripe Connect, Standard account): created at
// Stripe and onboarded through an Account Link — the professional signs in at Stripe, Paraphe
// receives no password nor key of the account, only its id. Disconnecting stops new card
// payments; the payments recorded through the account stay as they are.
import type Stripe from 'stripe'
import type { StripeConnection } from '@paraphe/shared/api/card-payment-schemas'
import type { Queryable } from '../../db/database.js'

export interface ConnectionRow {
  id: string
  account_id: string
  charges_enabled: boolean
  connected_at: Date
}

/** The live connection of the request's company (RLS), or null. */
export async function liveConnection(tx: Queryable): Promise<ConnectionRow | null> {
  const { rows } = await tx.query<ConnectionRow>(
    `select id, account_id, charges_enabled, connected_at from paraphe.stripe_connections
      where company_id = (select paraphe.current_company_id()) and disconnected_at is null`
  )
  return rows[0] ?? null
}

/** What the settings show: off on this instance, not connected, waiting for Stripe, or taking payments. */
export function connectionView(available: boolean, row: ConnectionRow | null): StripeConnection {
  if (!available) return { available: false, state: 'none', accountId: null, connectedAt: null }
  if (row === null) return { available: true, state: 'none', accountId: null, connectedAt: null }
  return {
    available: true,
    state: row.charges_enabled ? 'active' : 'pending',
    accountId: row.account_id,
    connectedAt: new Date(row.connected_at).toISOString()
  }
}

/** A new Standard account at Stripe for the company (French, its e-mail prefilled), recorded as pending. */
export async function createConnectedAccount(stripe: Stripe, company: { id: string; email: string }): Promise<string> {
  const account = await stripe.accounts.create(
    {
      type: 'standard',
      country: 'FR',
      ...(company.email === '' ? {} : { email: company.email }),
      metadata: { company_id: company.id }
    },
    // A double click makes one account, not two.
    { idempotencyKey: `connect-${company.id}-${new Date().toISOString().slice(0, 16)}` }
  )
  return account.id
}

export async function recordConnection(tx: Queryable, companyId: string, accountId: string): Promise<void> {
  await tx.query(
    `insert into paraphe.stripe_connections (company_id, account_id) values ($1, $2)
     on conflict (company_id) where disconnected_at is null do nothing`,
    [companyId, accountId]
  )
}

/** The onboarding page at Stripe; back to the settings at its end (or when the link is stale). */
export async function onboardingUrl(stripe: Stripe, accountId: string, settingsUrl: string): Promise<string> {
  const link = await stripe.accountLinks.create({
    account: accountId,
    type: 'account_onboarding',
    refresh_url: settingsUrl,
    return_url: settingsUrl
  })
  return link.url
}

/** Stripe's word on whether the account takes charges now (read outside any transaction), stored for the client's page. */
export async function storeChargesEnabled(tx: Queryable, row: ConnectionRow, chargesEnabled: boolean): Promise<ConnectionRow> {
  if (chargesEnabled === row.charges_enabled) return row
  await tx.query('update paraphe.stripe_connections set charges_enabled = $2 where id = $1', [row.id, chargesEnabled])
  return { ...row, charges_enabled: chargesEnabled }
}

/** « Déconnecter »: the row is kept (history), no new card payment starts. */
export async function disconnect(tx: Queryable): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update paraphe.stripe_connections set disconnected_at = now()
      where company_id = (select paraphe.current_company_id()) and disconnected_at is null`
  )
  return rowCount > 0
}
