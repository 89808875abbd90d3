// Every key of the workspace's cache, in one place: a read names its key here, and a change
// invalidates the keys it touches by the same names. Keys nest (`quotes.all` is the prefix of
// every quote read), so invalidating a root refreshes everything under it.
export const queryKeys = {
  /** The company's profile (GET /api/profile): the profile page, the dashboard's reminder, invoicing defaults. */
  profile: ['profile'] as const,
  /** The saved logo's image (a key of its own: the profile's fields change more often than it). */
  profileLogo: ['profile-logo'] as const,
  /** A SIRET's company in the State's company search (`/api/company-search`). */
  companyLookup: (siret: string) => ['company-lookup', siret] as const,
  /** Who is signed in, as the gateway reads the token (`/api/session`). */
  session: ['session'] as const,
  /** « Sécurité »: the second factor, the open sessions (Supabase Auth) and the company's rule. */
  security: ['security'] as const,
  /** The plan and this month's sends (`/api/billing/subscription`). */
  subscription: ['subscription'] as const,
  dashboard: ['dashboard'] as const,
  quotes: {
    all: ['quotes'] as const,
    list: (filters: string) => ['quotes', 'list', filters] as const,
    /** « Nouveau devis »: the unsaved draft with the profile's defaults. */
    unsaved: ['quotes', 'new'] as const,
    one: (id: string) => ['quotes', 'one', id] as const,
    events: (id: string) => ['quotes', 'one', id, 'events'] as const
  },
  /**
   * One drawing of a draft's PDF preview: a new number for each (opened, saved, « Réessayer »), so
   * the drawing in flight is cancelled when the next one starts or the preview closes. Not under
   * `quotes.all`: a change of the quote draws again after the autosave's pause, not at once.
   */
  quotePdfPreview: (id: string, drawing: number) => ['quote-pdf-preview', id, drawing] as const,
  invoices: {
    all: ['invoices'] as const,
    list: (filter: string) => ['invoices', 'list', filter] as const,
    one: (id: string) => ['invoices', 'one', id] as const,
    /** Under the invoice's key: a change to the invoice reads its transmission again. */
    transmission: (id: string) => ['invoices', 'one', id, 'transmission'] as const,
    /** Whether an issued invoice's PDF is stored yet (asked again until it is). */
    pdfReady: (id: string) => ['invoices', 'one', id, 'pdf-ready'] as const,
    /** A signed quote's invoicing (its invoices, what is left to invoice). */
    ofQuote: (quoteId: string) => ['invoices', 'quote', quoteId] as const,
    newInvoice: (draftId: string | null) => ['invoices', 'new', draftId] as const
  },
  /** The invoice list's settings panels, each read when its panel is first opened. */
  invoiceSettings: {
    /** « Relances automatiques »: the days after the due date. */
    reminderDays: ['invoice-settings', 'reminder-days'] as const,
    /** « Acompte à la signature ». */
    depositAtSignature: ['invoice-settings', 'deposit-at-signature'] as const,
    /** « Comptes comptables (export FEC) ». */
    accountingAccounts: ['invoice-settings', 'accounting-accounts'] as const
  },
  clients: {
    all: ['clients'] as const,
    list: (search: string, limit: number) => ['clients', 'list', search, limit] as const,
    one: (id: string) => ['clients', 'one', id] as const
  },
  items: {
    all: ['items'] as const,
    list: (search: string, limit: number) => ['items', 'list', search, limit] as const
  },
  team: ['team'] as const,
  invitation: (token: string) => ['invitation', token] as const,
  apiKeys: ['api-keys'] as const,
  webhooks: ['webhooks'] as const,
  sender: ['sender'] as const,
  /** « Ma plateforme agréée » (`/api/company/platform`). */
  platform: ['platform'] as const,
  /** The Chorus Pro access of « Ma plateforme agréée » (`/api/company/chorus-pro`). */
  chorusPro: ['platform', 'chorus-pro'] as const,
  /** « Paiement par carte »: the company's Stripe account. */
  stripeConnection: ['stripe-connection'] as const
} as const
