// The one paths table. Every link, redirect and e-mail URL is built from here.

export const paths = {
  home: { path: '/', href: () => '/' },
  features: { path: '/fonctionnalites', href: () => '/fonctionnalites' },
  pricing: {
    path: '/tarifs',
    /** With a paid plan chosen: the page resumes its checkout once the visitor is signed in. */
    href: (choice?: { plan: string; interval: string }) => withQuery('/tarifs', { plan: choice?.plan, interval: choice?.interval })
  },
  contact: { path: '/contact', href: () => '/contact' },
  privacy: { path: '/privacy', href: () => '/privacy' },
  legalNotice: { path: '/mentions-legales', href: () => '/mentions-legales' },
  terms: { path: '/conditions', href: () => '/conditions' },
  checkoutSuccess: {
    path: '/success',
    href: (sessionId?: string) => withQuery('/success', { session_id: sessionId })
  },
  checkoutCancel: { path: '/cancel', href: () => '/cancel' },
  confirmEmail: {
    path: '/confirm-email',
    href: (redirectTo?: string) => withQuery('/confirm-email', { redirectTo })
  },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  signQuote: {
    path: '/SignatureDevis',
    href: (token?: string) => withQuery('/SignatureDevis', { token })
  },
  /** The client's invoice page (no account): amount, due date, PDF, transfer details and EPC QR code. */
  invoicePayment: {
    path: '/facture',
    href: (token?: string) => withQuery('/facture', { token })
  },
  login: {
    path: '/connexion',
    href: (redirectTo?: string) => withQuery('/connexion', { redirectTo })
  },
  signup: {
    path: '/inscription',
    href: (redirectTo?: string) => withQuery('/inscription', { redirectTo })
  },
  forgotPassword: { path: '/mot-de-passe-oublie', href: () => '/mot-de-passe-oublie' },
  account: { path: '/espace', href: () => '/espace' },
  /** `client`: a saved client's id, whose details the new draft starts with (« Nouveau devis pour ce client »). */
  quoteNew: { path: '/espace/devis/nouveau', href: (client?: string) => withQuery('/espace/devis/nouveau', { client }) },
  quote: { path: '/espace/devis/:id', href: (id: string) => `/espace/devis/${encodeURIComponent(id)}` },
  /** A signed quote's invoicing: deposit, situation or final invoice (`facture` picks the form; `brouillon`: the draft it edits). */
  quoteInvoicing: {
    path: '/espace/devis/:id/facturation',
    href: (id: string, facture?: InvoicingChoice, brouillon?: string) =>
      withQuery(`/espace/devis/${encodeURIComponent(id)}/facturation`, { facture, brouillon })
  },
  /** `statut`: one payment status (`en-retard`…), as the dashboard's link to the overdue invoices. */
  invoices: { path: '/espace/factures', href: (statut?: string) => withQuery('/espace/factures', { statut }) },
  /** An invoice without a quote; `brouillon`: the draft it edits. */
  invoiceNew: { path: '/espace/factures/nouvelle', href: (brouillon?: string) => withQuery('/espace/factures/nouvelle', { brouillon }) },
  invoice: { path: '/espace/factures/:id', href: (id: string) => `/espace/factures/${encodeURIComponent(id)}` },
  profile: { path: '/espace/profil', href: () => '/espace/profil' },
  /** Second factor, recovery codes and open sessions. */
  security: { path: '/espace/securite', href: () => '/espace/securite' },
  subscription: { path: '/espace/abonnement', href: () => '/espace/abonnement' },
  team: { path: '/espace/equipe', href: () => '/espace/equipe' },
  clients: { path: '/espace/clients', href: () => '/espace/clients' },
  client: { path: '/espace/clients/:id', href: (id: string) => `/espace/clients/${encodeURIComponent(id)}` },
  items: { path: '/espace/articles', href: () => '/espace/articles' },
  apiKeys: { path: '/espace/api', href: () => '/espace/api' },
  webhooks: { path: '/espace/webhooks', href: () => '/espace/webhooks' },
  /** The public API's reference (operations, fields, errors, webhooks), public. */
  apiReference: { path: '/developpeurs/api', href: () => '/developpeurs/api' },
  /** `confirmation`: what the sender address's confirmation link found (set by the gateway's redirect). */
  sender: { path: '/espace/expediteur', href: (confirmation?: 'ok' | 'invalid') => withQuery('/espace/expediteur', { confirmation }) },
  /** « Ma plateforme agréée »: the owner's connection to the company's plateforme agréée. */
  platform: { path: '/espace/plateforme-agreee', href: () => '/espace/plateforme-agreee' },
  /** Where an invitation e-mail leads; the workspace's guard brings an unsigned visitor back here. */
  invitation: { path: '/espace/invitation', href: (token?: string) => withQuery('/espace/invitation', { token }) },
  verification: { path: '/verification', href: () => '/verification' }
} as const

/** The three invoices a signed quote makes, as its invoicing page's query names them. */
export type InvoicingChoice = 'acompte' | 'situation' | 'solde'

export type PathKey = keyof typeof paths

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, value)
  }
  const search = params.toString()
  return search === '' ? path : `${path}?${search}`
}

/** Addresses of the public API that other messages point to (the webhooks' payloads, the reference page). */
export const apiPaths = {
  openApi: '/api/v1/openapi.json',
  quote: (id: string) => `/api/v1/quotes/${encodeURIComponent(id)}`,
  signedPdf: (id: string) => `/api/v1/quotes/${encodeURIComponent(id)}/signed-pdf`,
  invoice: (id: string) => `/api/v1/invoices/${encodeURIComponent(id)}`
} as const

/** Build manifests and per-route payloads (the app shell's own URLs). */
export const shellPaths = {
  latestBuild: '/builds/latest.json',
  buildMeta: (buildId: string) => `/builds/meta/${buildId}.json`,
  payload: (routePath: string) => (routePath === '/' ? '/_payload.json' : `${routePath}/_payload.json`)
} as const
