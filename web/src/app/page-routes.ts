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

// Vite needs literal import() paths, hence `file` written beside each one; the build checks
// that every `file` exists in its manifest.
export const pageRoutes: readonly PageRoute[] = [
  {
    path: paths.home.path,
    file: 'src/features/marketing/routes/home.tsx',
    load: () => import('@/features/marketing/routes/home'),
    prerender: true
  },
  {
    path: paths.features.path,
    file: 'src/features/marketing/routes/features.tsx',
    load: () => import('@/features/marketing/routes/features'),
    prerender: true
  },
  {
    path: paths.pricing.path,
    file: 'src/features/pricing/routes/pricing.tsx',
    load: () => import('@/features/pricing/routes/pricing'),
    prerender: true
  },
  {
    path: paths.contact.path,
    file: 'src/features/contact/routes/contact.tsx',
    load: () => import('@/features/contact/routes/contact'),
    prerender: true
  },
  {
    path: paths.privacy.path,
    file: 'src/features/legal/routes/privacy.tsx',
    load: () => import('@/features/legal/routes/privacy'),
    prerender: true
  },
  {
    path: paths.legalNotice.path,
    file: 'src/features/legal/routes/legal-notice.tsx',
    load: () => import('@/features/legal/routes/legal-notice'),
    prerender: true
  },
  {
    path: paths.terms.path,
    file: 'src/features/legal/routes/terms.tsx',
    load: () => import('@/features/legal/routes/terms'),
    prerender: true
  },
  {
    path: paths.checkoutSuccess.path,
    file: 'src/features/billing/routes/success.tsx',
    load: () => import('@/features/billing/routes/success'),
    prerender: true
  },
  {
    path: paths.checkoutCancel.path,
    file: 'src/features/billing/routes/cancel.tsx',
    load: () => import('@/features/billing/routes/cancel'),
    prerender: true
  },
  {
    path: paths.confirmEmail.path,
    file: 'src/features/auth/routes/confirm-email.tsx',
    load: () => import('@/features/auth/routes/confirm-email'),
    prerender: true
  },
  {
    path: paths.resetPassword.path,
    file: 'src/features/auth/routes/reset-password.tsx',
    load: () => import('@/features/auth/routes/reset-password'),
    prerender: true
  },
  {
    path: paths.login.path,
    file: 'src/features/auth/routes/login.tsx',
    load: () => import('@/features/auth/routes/login'),
    prerender: true
  },
  {
    path: paths.signup.path,
    file: 'src/features/auth/routes/signup.tsx',
    load: () => import('@/features/auth/routes/signup'),
    prerender: true
  },
  {
    path: paths.forgotPassword.path,
    file: 'src/features/auth/routes/forgot-password.tsx',
    load: () => import('@/features/auth/routes/forgot-password'),
    prerender: true
  },
  // The workspace (one layout route, guarded by `auth`, see routes.tsx): prerendered in its
  // neutral « Chargement… » state; the guard runs in the browser, and the data loads once the
  // session is confirmed.
  {
    path: paths.account.path,
    file: 'src/features/quotes/routes/quotes-list.tsx',
    load: () => import('@/features/quotes/routes/quotes-list'),
    prerender: true
  },
  {
    path: paths.quoteNew.path,
    file: 'src/features/quotes/routes/quote-new.tsx',
    load: () => import('@/features/quotes/routes/quote-new'),
    prerender: true
  },
  {
    // One shell for every quote (written at the pattern's own path, `espace/devis/:id/`): its
    // loading state holds nothing of the id, so it hydrates at any /espace/devis/<id>.
    path: paths.quote.path,
    file: 'src/features/quotes/routes/quote-editor.tsx',
    load: () => import('@/features/quotes/routes/quote-editor'),
    prerender: true
  },
  {
    path: paths.profile.path,
    file: 'src/features/profile/routes/profile.tsx',
    load: () => import('@/features/profile/routes/profile'),
    prerender: true
  },
  {
    path: paths.subscription.path,
    file: 'src/features/billing/routes/subscription.tsx',
    load: () => import('@/features/billing/routes/subscription'),
    prerender: true
  },
  {
    path: paths.signQuote.path,
    file: 'src/features/signing/routes/signature-devis.tsx',
    load: () => import('@/features/signing/routes/signature-devis'),
    prerender: true
  },
  {
    path: paths.verification.path,
    file: 'src/features/verification/routes/verification.tsx',
    load: () => import('@/features/verification/routes/verification'),
    prerender: true
  }
]

/** The catch-all page; the gateway serves it with status 404 for every unknown path. */
export const notFoundRoute: PageRoute = {
  path: '*',
  file: 'src/app/routes/not-found.tsx',
  load: () => import('@/app/routes/not-found'),
  prerender: true
}
