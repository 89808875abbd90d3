// The one plans table. /tarifs renders it, /api/plans serves it, the API enforces its limits.
// Stripe price ids are not here: they are deployment settings the gateway adds from its config.
import { STANDARD_VAT_BP, ttcCents } from './money.js'

export const PLAN_IDS = ['decouverte', 'pro', 'entreprise'] as const
export type PlanId = (typeof PLAN_IDS)[number]
/** The plan every account has without paying. */
export const FREE_PLAN_ID = 'decouverte' satisfies PlanId
/** The plans sold through Stripe: every plan but the free one (plans.test.ts checks the prices agree). */
export type PaidPlanId = Exclude<PlanId, typeof FREE_PLAN_ID>
export const PAID_PLAN_IDS: readonly PaidPlanId[] = PLAN_IDS.filter((id): id is PaidPlanId => id !== FREE_PLAN_ID)
export const BILLING_INTERVALS = ['month', 'year'] as const
export type BillingInterval = (typeof BILLING_INTERVALS)[number]

export interface PlanLimits {
  /** Quotes that may be sent per calendar month; null = unlimited. */
  quotesPerMonth: number | null
  /** Users of one company account. */
  seats: number
  /** The company's logo printed on the quote PDF and shown in the e-mails to the client. */
  logo: boolean
  /** Reminders sent to the client without the professional (quote-jobs.ts). */
  automaticReminders: boolean
  /** The client types a code received by e-mail before signing. */
  signerEmailCode: boolean
  /** API keys and the public API `/api/v1` (gateway/src/api-keys). */
  api: boolean
  /**
   * E-mails to clients from the company's own address, DKIM-signed with its key, once the
   * address is confirmed and the key published (gateway/src/company-sender).
   */
  customSender: boolean
  /** The owner may require a second factor of every member (gateway/src/company/two-factor-rule.ts). */
  teamTwoFactor: boolean
}

export interface Plan {
  id: PlanId
  name: string
  tagline: string
  /** Prices excluding VAT, in cents. */
  priceHtCents: Record<BillingInterval, number>
  limits: PlanLimits
  /** What the plan gives, in French, as shown on /tarifs. */
  features: readonly string[]
  highlighted: boolean
}

export const PLANS: readonly Plan[] = [
  {
    id: 'decouverte',
    name: 'Découverte',
    tagline: 'Pour essayer la signature en ligne sur vos premiers devis.',
    priceHtCents: { month: 0, year: 0 },
    limits: {
      quotesPerMonth: 3,
      seats: 1,
      logo: false,
      automaticReminders: false,
      signerEmailCode: false,
      api: false,
      customSender: false,
      teamTwoFactor: false
    },
    features: [
      '3 devis envoyés par mois',
      'Signature électronique simple (dessinée ou tapée)',
      'PDF signé et scellé avec dossier de preuve',
      'Mentions obligatoires et TVA par taux',
      // The law requires these invoices (and their Factur-X form from 2027): never a paid extra.
      'Factures Factur-X : acompte, situations, solde et avoirs, dans toutes les formules'
    ],
    highlighted: false
  },
  {
    id: 'pro',
    name: 'Pro',
    tagline: 'Pour l’artisan ou l’indépendant qui envoie des devis chaque semaine.',
    priceHtCents: { month: 1400, year: 14000 },
    limits: {
      quotesPerMonth: null,
      seats: 1,
      logo: true,
      automaticReminders: true,
      signerEmailCode: true,
      api: false,
      customSender: false,
      teamTwoFactor: false
    },
    features: [
      'Devis illimités',
      'Votre logo sur les devis et les e-mails',
      'Relances automatiques des clients',
      'Code de vérification par e-mail pour le signataire',
      'Tout ce que contient Découverte'
    ],
    highlighted: true
  },
  {
    id: 'entreprise',
    name: 'Entreprise',
    tagline: 'Pour les entreprises où plusieurs personnes établissent les devis.',
    priceHtCents: { month: 3900, year: 39000 },
    limits: {
      quotesPerMonth: null,
      seats: 5,
      logo: true,
      automaticReminders: true,
      signerEmailCode: true,
      api: true,
      customSender: true,
      teamTwoFactor: true
    },
    features: [
      'Plusieurs utilisateurs (jusqu’à 5)',
      'Accès à l’API (clés par entreprise) et webhooks signés',
      'E-mails aux clients envoyés depuis votre adresse (signés DKIM)',
      'Double authentification exigée de toute l’équipe',
      'Tout ce que contient Pro'
    ],
    highlighted: false
  }
]

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id)
}

export function isPaidPlan(plan: Plan): plan is Plan & { id: PaidPlanId } {
  return plan.id !== FREE_PLAN_ID
}

/** Price including the standard VAT rate, shown beside the HT price. */
export function planPriceTtcCents(plan: Plan, interval: BillingInterval): number {
  return ttcCents(plan.priceHtCents[interval], STANDARD_VAT_BP)
}

/** What a yearly subscription saves against twelve monthly payments, HT. */
export function yearlySavingHtCents(plan: Plan): number {
  return plan.priceHtCents.month * 12 - plan.priceHtCents.year
}

/**
 * The plan features that are either there or not. Each one is enforced by the gateway where it is
 * used and shown by the pages with the badge of the first plan that has it (planAllows below).
 */
export const PLAN_FEATURES = [
  'logo',
  'automaticReminders',
  'signerEmailCode',
  'api',
  'customSender',
  'teamTwoFactor'
] as const satisfies ReadonlyArray<keyof PlanLimits>
export type PlanFeature = (typeof PLAN_FEATURES)[number]

/** What each feature is called in a refusal or an upgrade prompt. */
export const PLAN_FEATURE_LABELS: Readonly<Record<PlanFeature, string>> = {
  logo: 'Le logo sur les devis et les e-mails',
  automaticReminders: 'Les relances automatiques',
  signerEmailCode: 'Le code de vérification par e-mail',
  api: 'L’accès à l’API',
  customSender: 'L’envoi des e-mails depuis votre propre adresse',
  teamTwoFactor: 'La double authentification exigée de toute l’équipe'
}

/** The one gating rule: may an account on `plan` use `feature`? */
export function planAllows(plan: Plan, feature: PlanFeature): boolean {
  return plan.limits[feature]
}

/** The cheapest plan that has `feature` (the plans are listed from the cheapest): the badge and the upgrade offered. */
export function planWith(feature: PlanFeature): Plan {
  const found = PLANS.find((plan) => planAllows(plan, feature))
  if (found === undefined) throw new Error(`No plan has ${feature}`)
  return found
}

/** The cheapest plan without a monthly quota: the upgrade offered at the wall. */
export function unlimitedPlan(): Plan {
  const found = PLANS.find((plan) => plan.limits.quotesPerMonth === null)
  if (found === undefined) throw new Error('No plan is unlimited')
  return found
}

/** The cheapest plan with more than one user: the badge of the team page and the upgrade offered. */
export function teamPlan(): Plan {
  const found = PLANS.find((plan) => plan.limits.seats > 1)
  if (found === undefined) throw new Error('No plan has several users')
  return found
}

/** Each plan's seats, as the database's invitation check takes them. */
export function seatsByPlan(): Record<PlanId, number> {
  return Object.fromEntries(PLANS.map((plan) => [plan.id, plan.limits.seats])) as Record<PlanId, number>
}

/** Quotes the plan still lets the account send this month; null = unlimited. */
export function quotesLeft(plan: Plan, sentThisMonth: number): number | null {
  const limit = plan.limits.quotesPerMonth
  return limit === null ? null : Math.max(0, limit - sentThisMonth)
}

/** « 2 devis envoyés sur 3 ce mois-ci »; null on an unlimited plan (nothing to count against). */
export function quotaText(plan: Plan, sentThisMonth: number): string | null {
  const limit = plan.limits.quotesPerMonth
  if (limit === null) return null
  return `${sentThisMonth} devis envoyé${sentThisMonth > 1 ? 's' : ''} sur ${limit} ce mois-ci`
}
