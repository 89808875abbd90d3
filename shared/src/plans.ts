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
  logo: boolean
  automaticReminders: boolean
  signerEmailCode: boolean
  apiAccess: boolean
  customEmailSender: boolean
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
      apiAccess: false,
      customEmailSender: false
    },
    features: [
      '3 devis envoyés par mois',
      'Signature électronique simple (dessinée ou tapée)',
      'PDF signé et scellé avec dossier de preuve',
      'Mentions obligatoires et TVA par taux'
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
      apiAccess: false,
      customEmailSender: false
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
      apiAccess: true,
      customEmailSender: true
    },
    features: [
      'Plusieurs utilisateurs (jusqu’à 5)',
      'Accès à l’API',
      'Adresse d’expédition des e-mails personnalisée',
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
