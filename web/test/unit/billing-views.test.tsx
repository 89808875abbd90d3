// The billing pages in each state, rendered in Node as the prerender does: the checkout outcome
// under a plan, /success while waiting, once active, for an unknown session or signed out,
// /cancel, and /espace/abonnement with its usage, renewal date and payment-failed warning.
// The flows themselves run in Chromium (web/test/browser/billing.test.ts).
import t from 'tap'
import type { ReactNode } from 'react'
import { findPlan } from '@paraphe/shared/plans'
import { type RuntimeConfig } from '@paraphe/shared/runtime-config'
import { ApiError } from '@/lib/api-client'
import { ConfirmEmailView } from '@/features/auth/routes/confirm-email'
import type { SubscriptionState } from '@/features/billing/api/billing-api'
import { POLL_ATTEMPTS, POLL_INTERVAL_MS, shouldPollAgain } from '@/features/billing/lib/confirmation-polling'
import { formatRenewalDate, statusText, usageText } from '@/features/billing/lib/subscription-text'
import { signInToConfirm } from '@/features/billing/hooks/use-checkout-confirmation'
import { Component as Cancel } from '@/features/billing/routes/cancel'
import { SuccessView } from '@/features/billing/routes/success'
import { SubscriptionView, type SubscriptionViewProps } from '@/features/billing/routes/subscription'
import { CheckoutStatus } from '@/features/pricing/components/checkout-status'
import { PlanCard } from '@/features/pricing/components/plan-card'
import { AccountLinks, sectionOf } from '@/app/workspace/workspace-nav'
import { serverRender } from '../support/server-render.js'

const noop = () => {}

const render = (node: ReactNode, { path = '/', config = {} }: { path?: string; config?: Partial<RuntimeConfig> } = {}) =>
  serverRender(node, { path, config })

const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]

t.test('under a plan: what became of the click', async (t) => {
  t.equal(render(<CheckoutStatus outcome={{ kind: 'idle' }} />), '')
  t.equal(render(<CheckoutStatus outcome={{ kind: 'sign-in-first', href: '/inscription' }} />), '')
  t.match(render(<CheckoutStatus outcome={{ kind: 'working' }} />), /Redirection vers la page de paiement sécurisé…/)
  t.match(render(<CheckoutStatus outcome={{ kind: 'redirecting', url: 'https://checkout.example/c/1' }} />), /Redirection/)
  const unavailable = render(<CheckoutStatus outcome={{ kind: 'unavailable' }} />)
  t.match(unavailable, /Le paiement en ligne n’est pas configuré sur cette instance\./)
  t.match(unavailable, /href="\/contact"/)
  const already = render(<CheckoutStatus outcome={{ kind: 'already-subscribed', message: 'Déjà abonné.' }} />)
  t.match(already, /Vous avez déjà un abonnement payant/)
  t.match(already, /<a href="\/espace\/abonnement"[^>]*>votre abonnement<\/a>/, 'a link to the subscription page')
  t.match(
    render(<CheckoutStatus outcome={{ kind: 'failed', message: 'Le serveur ne répond pas.' }} />),
    /Le paiement n’a pas pu démarrer : Le serveur ne répond pas\./
  )
})

t.test('a plan card: a button for paid plans, a sign-up link for the free one, nothing said before a click', async (t) => {
  const pro = render(<PlanCard plan={findPlan('pro')!} interval="year" currentPlanId={null} />)
  t.match(pro, /<button type="button" class="button button--primary">Choisir Pro<\/button>/)
  t.match(pro, /<div class="plan-card__status" aria-live="polite"><\/div>/)
  const free = render(<PlanCard plan={findPlan('decouverte')!} interval="month" currentPlanId={null} />)
  t.match(free, /href="\/inscription"[^>]*>Créer un compte gratuit/)
  t.notMatch(free, /<button/)
})

t.test('a plan card for a signed-in professional: « Votre formule », or a change of plan', async (t) => {
  const freeOwn = render(<PlanCard plan={findPlan('decouverte')!} interval="month" currentPlanId="decouverte" />)
  t.match(freeOwn, /<p class="plan-card__current">Votre formule<\/p>/)
  t.notMatch(freeOwn, /Créer un compte/, 'no account offered to who has one')
  t.notMatch(freeOwn, /abonnement/, 'nothing to manage on the free plan')
  t.match(
    render(<PlanCard plan={findPlan('pro')!} interval="month" currentPlanId="decouverte" />),
    />Passer à Pro<\/button>/,
    'from the free plan, a checkout'
  )
  const proOwn = render(<PlanCard plan={findPlan('pro')!} interval="month" currentPlanId="pro" />)
  t.match(proOwn, /Votre formule/)
  t.match(proOwn, /href="\/espace\/abonnement"[^>]*>Gérer mon abonnement<\/a>/)
  t.notMatch(proOwn, /<button/)
  t.match(
    render(<PlanCard plan={findPlan('entreprise')!} interval="month" currentPlanId="pro" />),
    /href="\/espace\/abonnement"[^>]*>Passer à Entreprise<\/a>/,
    'between paid plans: the subscription page'
  )
  t.match(
    render(<PlanCard plan={findPlan('decouverte')!} interval="month" currentPlanId="entreprise" />),
    /href="\/espace\/abonnement"[^>]*>Passer à Découverte<\/a>/
  )
})

t.test('/success: the prerendered state, waiting, active, unknown, signed out, failed', async (t) => {
  const none = render(<SuccessView state={{ kind: 'no-session' }} sessionId={null} onRefresh={noop} />)
  t.equal(heading(none), 'Confirmation de paiement')
  t.match(none, /aucun paiement n’est en cours/)

  const checking = render(<SuccessView state={{ kind: 'checking' }} sessionId="cs_1" onRefresh={noop} />)
  t.equal(heading(checking), 'Paiement en cours de confirmation…')
  t.match(checking, /Cette page se met à jour toute seule/)
  t.notMatch(checking, /Actualiser/, 'no button while it refreshes by itself')

  const pending = render(<SuccessView state={{ kind: 'pending', planName: 'Pro', gaveUp: false }} sessionId="cs_1" onRefresh={noop} />)
  t.match(pending, /pour la formule Pro/)
  const gaveUp = render(<SuccessView state={{ kind: 'pending', planName: 'Pro', gaveUp: true }} sessionId="cs_1" onRefresh={noop} />)
  t.match(gaveUp, /plus de temps que prévu/)
  t.match(gaveUp, /<button type="button" class="button button--primary">Actualiser<\/button>/)

  const active = render(<SuccessView state={{ kind: 'active', planName: 'Pro' }} sessionId="cs_1" onRefresh={noop} />)
  t.equal(heading(active), 'Formule Pro active')
  t.match(active, /href="\/espace\/abonnement"/)

  const unknown = render(
    <SuccessView state={{ kind: 'unknown', message: 'Session de paiement introuvable.' }} sessionId="cs_x" onRefresh={noop} />
  )
  t.equal(heading(unknown), 'Paiement introuvable')
  t.match(unknown, /role="alert">Session de paiement introuvable\./)

  const signedOut = render(<SuccessView state={{ kind: 'signed-out' }} sessionId="cs_1" onRefresh={noop} />)
  t.equal(heading(signedOut), 'Connectez-vous pour voir votre paiement')
  t.match(signedOut, /href="\/connexion\?redirectTo=%2Fsuccess%3Fsession_id%3Dcs_1"/, 'signs in, then comes back')
  t.equal(signInToConfirm('cs_1'), '/connexion?redirectTo=%2Fsuccess%3Fsession_id%3Dcs_1')

  const failed = render(<SuccessView state={{ kind: 'failed', message: 'Le serveur ne répond pas.' }} sessionId="cs_1" onRefresh={noop} />)
  t.match(failed, /Le serveur ne répond pas\./)
  t.match(failed, />Actualiser</)
})

t.test('/success asks every 2 s for about a minute', async (t) => {
  t.equal(POLL_INTERVAL_MS, 2000)
  t.ok(POLL_ATTEMPTS * POLL_INTERVAL_MS >= 55_000 && POLL_ATTEMPTS * POLL_INTERVAL_MS <= 65_000)
  t.ok(shouldPollAgain(1))
  t.notOk(shouldPollAgain(POLL_ATTEMPTS))
})

t.test('/cancel: nothing charged, back to the plans or the workspace', async (t) => {
  const html = render(<Cancel />)
  t.equal(heading(html), 'Paiement annulé')
  t.match(html, /aucun montant n’a été débité/)
  t.match(html, /href="\/tarifs"/)
  t.match(html, /href="\/espace"/)
})

const FREE: SubscriptionState = {
  plan: { id: 'decouverte', name: 'Découverte' },
  status: 'free',
  interval: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  paymentFailed: false,
  usage: { quotesSentThisMonth: 2, quotesPerMonth: 3 },
  paymentsEnabled: true,
  canManage: true
}
const PRO: SubscriptionState = {
  plan: { id: 'pro', name: 'Pro' },
  status: 'active',
  interval: 'year',
  currentPeriodEnd: '2027-11-21T09:00:00Z',
  cancelAtPeriodEnd: false,
  paymentFailed: false,
  usage: { quotesSentThisMonth: 12, quotesPerMonth: null },
  paymentsEnabled: true,
  canManage: true
}
const view = (overrides: Partial<SubscriptionViewProps>) =>
  render(<SubscriptionView load={{ kind: 'loading' }} onRetry={noop} portal={{ kind: 'idle' }} onPortal={noop} {...overrides} />)

t.test('/espace/abonnement: loading, free plan with its usage, paid plan, failures', async (t) => {
  const loading = view({})
  t.equal(heading(loading), 'Abonnement')
  t.match(loading, /role="status">Chargement…/)

  const free = view({ load: { kind: 'ready', subscription: FREE } })
  t.match(free, /Formule Découverte/)
  t.match(free, /2 devis envoyés sur 3 ce mois-ci/)
  t.match(free, /<progress[^>]*max="3" value="2"/)
  t.notMatch(free, /Gérer mon abonnement/, 'no portal before any payment')
  t.match(free, /href="\/tarifs"[^>]*>Changer de formule/)

  const pro = view({ load: { kind: 'ready', subscription: PRO } })
  t.match(pro, /Formule Pro/)
  t.match(pro, /Annuelle/)
  t.match(pro, /Renouvelé le 21 novembre 2027/)
  t.match(pro, /12 devis envoyés ce mois-ci \(illimité\)/)
  t.notMatch(pro, /<progress/)
  t.match(pro, /<button type="button" class="button button--primary">Gérer mon abonnement<\/button>/)
  t.match(pro, /Changer de formule/)

  const ending = view({ load: { kind: 'ready', subscription: { ...PRO, cancelAtPeriodEnd: true } } })
  t.match(ending, /Se termine le 21 novembre 2027/)

  const failedPayment = view({ load: { kind: 'ready', subscription: { ...PRO, status: 'past_due', paymentFailed: true } } })
  t.match(failedPayment, /role="alert"><p><strong>Le dernier paiement a échoué\.<\/strong>/)
  t.match(failedPayment, /Paiement en retard/)

  const off = view({ load: { kind: 'ready', subscription: { ...FREE, paymentsEnabled: false } } })
  t.match(off, /Le paiement en ligne n’est pas configuré sur cette instance/)
  t.notMatch(off, /Changer de formule/)

  const member = view({ load: { kind: 'ready', subscription: { ...PRO, canManage: false } } })
  t.match(member, /Seul le propriétaire de l’entreprise gère l’abonnement/)
  t.notMatch(member, /Gérer mon abonnement|Changer de formule/, 'a member has no billing button that would be refused')

  const portalFailed = view({
    load: { kind: 'ready', subscription: PRO },
    portal: { kind: 'failed', message: 'Aucun client de paiement.' }
  })
  t.match(portalFailed, /role="alert">Aucun client de paiement\./)
  t.match(view({ load: { kind: 'ready', subscription: PRO }, portal: { kind: 'working' } }), />Gérer mon abonnement</)
  t.match(view({ load: { kind: 'ready', subscription: PRO }, portal: { kind: 'working' } }), /disabled="">Gérer mon abonnement/)

  const failed = view({ load: { kind: 'failed', error: new ApiError(0, 'network_error', 'Le serveur ne répond pas.') } })
  t.match(failed, /Le serveur ne répond pas\./)
  t.match(failed, />Réessayer</)
})

t.test('the words of the subscription page', async (t) => {
  t.equal(usageText(0, 3), '0 devis envoyé sur 3 ce mois-ci')
  t.equal(usageText(1, 3), '1 devis envoyé sur 3 ce mois-ci')
  t.equal(usageText(2, 3), '2 devis envoyés sur 3 ce mois-ci')
  t.equal(formatRenewalDate('2026-12-31T23:30:00Z'), '1 janvier 2027', 'the date in Paris')
  t.equal(formatRenewalDate(null), null)
  t.equal(formatRenewalDate('pas une date'), null)
  t.equal(statusText('active'), 'Active')
  t.equal(statusText('something_new'), 'something_new')
})

t.test('the account menu has the subscription', async (t) => {
  t.equal(sectionOf('/espace/abonnement'), 'subscription')
  const nav = render(<AccountLinks />, { path: '/espace/abonnement' })
  t.match(nav, /aria-current="page" href="\/espace\/abonnement"[^>]*>Abonnement</)
})

t.test('the confirmation page goes on to where the sign-up was heading', async (t) => {
  const landing = { kind: 'signed-in', email: 'a@example.fr', recovery: false } as const
  const plain = render(<ConfirmEmailView landing={landing} />)
  t.match(plain, /href="\/espace"[^>]*>Accéder à mon espace/)
  const resumed = render(<ConfirmEmailView landing={landing} next="/tarifs?plan=pro&interval=year" />)
  t.match(resumed, /href="\/tarifs\?plan=pro&amp;interval=year"[^>]*>Continuer/)
})
