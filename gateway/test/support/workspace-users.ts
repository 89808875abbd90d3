// Signed-in professionals for API tests: access tokens signed like Supabase Auth's (HS256 with
// the project's JWT secret), and a small client that sends them.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { QuoteContent } from '@paraphe/shared/quote'
import type { Database } from '../../src/db/database.js'
import { buildApp } from '../helper.js'
import { userAccessToken } from './gotrue-tokens.js'
import { quoteContent } from './quote-content.js'

export const JWT_SECRET = 'un-secret-de-test-suffisamment-long-pour-hs256'

export const AUTH_ENV = {
  // Never contacted: HS256 tokens are verified locally.
  AUTH_UPSTREAM_URL: 'http://127.0.0.1:9',
  SUPABASE_ANON_KEY: 'anon-key-for-tests-only-0000',
  SUPABASE_JWT_SECRET: JWT_SECRET
}

export function buildWorkspaceApp(database?: Database, env: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
  return buildApp({ ...AUTH_ENV, ...env }, database === undefined ? {} : { database })
}

export interface TestUser {
  id: string
  email: string
  token: string
  request: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => Promise<LightMyRequestResponse>
}

/** `aal2`: the session proved a second factor (amr totp then password), as GoTrue signs it after /factors/{id}/verify. */
export async function newUser(
  app: FastifyInstance,
  address?: string,
  { aal = 'aal1', id = randomUUID() }: { aal?: 'aal1' | 'aal2'; id?: string } = {}
): Promise<TestUser> {
  const email = address ?? `artisan-${id.slice(0, 8)}@example.fr`
  const token = await userAccessToken({ userId: id, email, aal }, JWT_SECRET)
  return {
    id,
    email,
    token,
    request: (method, url, body) =>
      app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { payload: body as object }) })
  }
}

/** A profile with every mandatory mention (SIRET and VAT number of a real, public company). */
export const COMPLETE_PROFILE = {
  companyName: 'Dupont Rénovation',
  legalForm: 'SARL au capital de 10 000 €',
  address: '12 rue de la Forge\n69003 Lyon',
  siret: '732 829 320 00074',
  registration: 'RCS Lyon 732 829 320',
  vatNumber: 'FR44732829320',
  email: 'contact@dupont-renovation.fr',
  phone: '04 72 00 00 00',
  insurer: 'MAAF Assurances',
  insuranceCoverage: 'France métropolitaine',
  insurancePolicy: 'DEC-123456',
  iban: '',
  bic: '',
  mediatorName: '',
  mediatorUrl: '',
  defaultPaymentTerms: 'Paiement à réception de facture.',
  defaultExecutionConditions: '',
  defaultValidityDays: 30,
  franchiseEnBase: false
}

/** A draft that can be sent (client, title, three lines at two VAT rates), dated `issueDate`. */
export function completeContent(issueDate: string): QuoteContent {
  return quoteContent({ issueDate })
}

/** Puts the account on a paid plan, as the payment webhook would. */
export async function subscribe(db: Database, userId: string, planId: 'pro' | 'entreprise'): Promise<void> {
  await db.query(
    `insert into paraphe.subscriptions (company_id, plan_id, status) values ($1, $2, 'active')
     on conflict (company_id) do update set plan_id = excluded.plan_id, status = 'active'`,
    [userId, planId]
  )
}
