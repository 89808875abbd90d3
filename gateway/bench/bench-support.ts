// What every bench script shares: where the repository is, a free port, waiting for a server to
// answer, percentiles, and the professional, quote and signature the signing benches use.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import type { CompanyProfile } from '@paraphe/shared/company'
import { parisIsoDate } from '@paraphe/shared/dates'

import { signAccessToken } from '../test/support/gotrue-tokens.js'

export { freePort } from '../test/support/free-port.js'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The JWT secret of the benches' gateways (a bench value, never a deployment's). */
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0000'

/** Waits until `url` answers 2xx: a busy machine may take minutes to start a gateway. */
export async function waitForOk(url: string, attempts = 3000): Promise<void> {
  for (let i = 0; i < attempts; i += 1) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not answering yet
    }
    await sleep(100)
  }
  throw new Error(`${url} did not come up`)
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
}

export const benchProfile: CompanyProfile = {
  companyName: 'Dupont Rénovation',
  legalForm: 'SARL',
  address: '12 rue de la Forge\n69003 Lyon',
  siret: '73282932000074',
  registration: 'RCS Lyon 732 829 320',
  vatNumber: 'FR44732829320',
  email: 'contact@dupont-renovation.fr',
  phone: '04 72 00 00 00',
  insurer: 'MAAF',
  insuranceCoverage: 'France',
  insurancePolicy: '',
  defaultPaymentTerms: '',
  defaultExecutionConditions: '',
  defaultValidityDays: 30,
  franchiseEnBase: false,
  iban: '',
  bic: '',
  mediatorName: '',
  mediatorUrl: ''
}

/** A 12-line building-trade quote dated today, at 10 % and 20 %. */
export const benchQuoteContent = {
  client: {
    kind: 'individual',
    name: 'Élise Martin',
    company: '',
    email: 'elise@example.org',
    phone: '',
    address: '5 place Bellecour\n69002 Lyon'
  },
  siteAddress: '',
  title: 'Rénovation',
  issueDate: parisIsoDate(new Date()),
  validityDays: 30,
  workStartDate: null,
  workDuration: '',
  lines: Array.from({ length: 12 }, (_, index) => ({
    id: `l${index}`,
    description: `Poste ${index + 1} — fourniture et pose`,
    quantityMilli: 1500,
    unit: 'h',
    unitPriceCents: 4500,
    vatRateBp: index % 2 === 0 ? 1000 : 2000,
    discountBp: 0
  })),
  depositBp: 3000,
  paymentTerms: 'À réception.',
  conditions: '',
  notes: '',
  buildingTrade: true,
  requireEmailCode: false
}

export const benchStrokes = [
  { points: Array.from({ length: 60 }, (_, index) => ({ x: 10 + index * 6, y: 80 + Math.sin(index / 4) * 40, time: index * 16 })) }
]

/** The client's « Signer » request: drawn signature, every box ticked. */
export const benchSignBody = (documentSha256: string) => ({
  signerName: 'Élise Martin',
  accepted: true,
  mention: 'Bon pour accord',
  preWorkAcknowledged: true,
  signature: { method: 'drawn', strokes: benchStrokes, padWidth: 400, padHeight: 160 },
  documentSha256
})

/** An access token for a new user, as the auth server would sign it. */
export async function benchAccessToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  const sub = randomUUID()
  return signAccessToken(
    {
      sub,
      aud: 'authenticated',
      exp: now + 3600,
      iat: now,
      email: `${sub}@example.fr`,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: [],
      session_id: sub,
      is_anonymous: false,
      app_metadata: {},
      user_metadata: {}
    },
    BENCH_JWT_SECRET
  )
}

/** A professional with a profile, on `base`; the free plan sends 3 quotes a month, so one per sent quote. */
export async function benchProfessional(base: string) {
  const auth = { authorization: `Bearer ${await benchAccessToken()}` }
  const api = async (method: string, url: string, body?: object) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
    return response
  }
  await api('PUT', '/api/profile', benchProfile)
  const newQuote = async () =>
    ((await (await api('POST', '/api/quotes', { content: benchQuoteContent })).json()) as { quote: { id: string } }).quote.id
  return { auth, api, newQuote }
}
