import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import type { ComponentType } from 'react'

/** What a page module exports. */
export interface PageModule {
  Component: ComponentType
  handle: RouteHandle
}

export interface PageRoute {
  path: string
  /** Source file of the page, to find its chunk in Vite's manifest for <link rel=modulepreload>. */
  file: string
  load: () => Promise<PageModule>
  /** Rendered to HTML at build time. */
  prerender: boolean
  guards?: readonly string[]
}

// Every page module, found by Vite when it builds (one chunk each) and by the TypeScript loader in
// Node (scripts/ts-loader/import-meta-glob.mjs): a page is routed by naming its file once, below,
// and a misspelt file stops the app (and the route tests) at once.
const pageModules = import.meta.glob<PageModule>(['../features/*/routes/*.tsx', './routes/*.tsx'])

/** The route of `path` to the page in `file`, named as Vite's manifest names it (`src/…`). */
function page(path: string, file: string): PageRoute {
  const key = file.startsWith('src/app/') ? `./${file.slice('src/app/'.length)}` : `../${file.slice('src/'.length)}`
  const load = pageModules[key]
  if (load === undefined) throw new Error(`No page module at ${file}`)
  return { path, file, load, prerender: true }
}

export const pageRoutes: readonly PageRoute[] = [
  page(paths.home.path, 'src/features/marketing/routes/home.tsx'),
  page(paths.features.path, 'src/features/marketing/routes/features.tsx'),
  page(paths.pricing.path, 'src/features/pricing/routes/pricing.tsx'),
  page(paths.contact.path, 'src/features/contact/routes/contact.tsx'),
  page(paths.privacy.path, 'src/features/legal/routes/privacy.tsx'),
  page(paths.legalNotice.path, 'src/features/legal/routes/legal-notice.tsx'),
  page(paths.terms.path, 'src/features/legal/routes/terms.tsx'),
  page(paths.checkoutSuccess.path, 'src/features/billing/routes/success.tsx'),
  page(paths.checkoutCancel.path, 'src/features/billing/routes/cancel.tsx'),
  page(paths.confirmEmail.path, 'src/features/auth/routes/confirm-email.tsx'),
  page(paths.resetPassword.path, 'src/features/auth/routes/reset-password.tsx'),
  page(paths.login.path, 'src/features/auth/routes/login.tsx'),
  page(paths.signup.path, 'src/features/auth/routes/signup.tsx'),
  page(paths.forgotPassword.path, 'src/features/auth/routes/forgot-password.tsx'),
  // The workspace (one layout route, guarded by `auth`, see routes.tsx): prerendered in its
  // neutral « Chargement… » state; the guard runs in the browser, and the data loads once the
  // session is confirmed.
  page(paths.account.path, 'src/features/quotes/routes/quotes-list.tsx'),
  page(paths.quoteNew.path, 'src/features/quotes/routes/quote-new.tsx'),
  // One shell for every quote (written at the pattern's own path, `espace/devis/:id/`): its
  // loading state holds nothing of the id, so it hydrates at any /espace/devis/<id>.
  page(paths.quote.path, 'src/features/quotes/routes/quote-editor.tsx'),
  // One shell each, whatever the id, as for the quotes.
  page(paths.quoteInvoicing.path, 'src/features/invoices/routes/quote-invoicing.tsx'),
  page(paths.invoices.path, 'src/features/invoices/routes/invoices-list.tsx'),
  page(paths.invoiceNew.path, 'src/features/invoices/routes/invoice-new.tsx'),
  page(paths.invoice.path, 'src/features/invoices/routes/invoice.tsx'),
  page(paths.profile.path, 'src/features/profile/routes/profile.tsx'),
  page(paths.security.path, 'src/features/security/routes/security.tsx'),
  page(paths.subscription.path, 'src/features/billing/routes/subscription.tsx'),
  page(paths.team.path, 'src/features/team/routes/team.tsx'),
  page(paths.clients.path, 'src/features/clients/routes/clients.tsx'),
  // One shell for every client, as for the quotes: its loading state holds nothing of the id.
  page(paths.client.path, 'src/features/clients/routes/client.tsx'),
  page(paths.items.path, 'src/features/items/routes/items.tsx'),
  page(paths.invitation.path, 'src/features/team/routes/invitation.tsx'),
  page(paths.apiKeys.path, 'src/features/api-keys/routes/api-keys.tsx'),
  page(paths.webhooks.path, 'src/features/webhooks/routes/webhooks.tsx'),
  page(paths.sender.path, 'src/features/sender/routes/sender.tsx'),
  page(paths.platform.path, 'src/features/platform/routes/platform.tsx'),
  page(paths.signQuote.path, 'src/features/signing/routes/signature-devis.tsx'),
  page(paths.invoicePayment.path, 'src/features/invoice-payment/routes/facture.tsx'),
  page(paths.verification.path, 'src/features/verification/routes/verification.tsx'),
  page(paths.apiReference.path, 'src/features/developers/routes/api-reference.tsx')
]

/** The catch-all page; the gateway serves it with status 404 for every unknown path. */
export const notFoundRoute: PageRoute = page('*', 'src/app/routes/not-found.tsx')
