// What the workspace's quote pages show in each state, rendered in Node as the prerender does:
// French text, fr-FR amounts and dates, labels and error links for assistive technologies. The
// same pages are driven in Chromium by web/test/browser/workspace.test.ts.
import t from 'tap'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { placeholderRuntimeConfig } from '@paraphe/shared/runtime-config'
import { computeTotals } from '@paraphe/shared/quote-totals'
import type { Quote, QuoteContent, QuoteStatus, QuoteSummary } from '@paraphe/shared/quote'
import { RuntimeConfigProvider } from '@/lib/runtime-config'
import { ApiError } from '@/lib/api-client'
import { useWorkspace } from '@/hooks/use-workspace'
import { createApiClient } from '@/lib/api-client'
import { CheckboxField, InputField, SelectField, TextAreaField } from '@/components/form/form-fields'
import { AccountLinks, sectionOf, WorkspaceNav } from '@/app/workspace/workspace-nav'
import { WorkspaceLayout } from '@/app/workspace/workspace-layout'
import { ActionProblemView } from '@/features/quotes/components/action-problem'
import { ConfirmAction } from '@/components/ui/confirm-action'
import { DraftForm } from '@/features/quotes/components/draft-form'
import { DraftScreen } from '@/features/quotes/components/draft-screen'
import { DraftSidePanel } from '@/features/quotes/components/draft-side-panel'
import { EventsTimeline, type EventsLoad } from '@/features/quotes/components/events-timeline'
import { FrozenQuote } from '@/features/quotes/components/frozen-quote'
import { QuoteActionsBar } from '@/features/quotes/components/quote-actions-bar'
import { QuoteList } from '@/features/quotes/components/quote-list'
import { dayOf } from '@/features/quotes/lib/format-day'
import { SaveStatus, saveStateText } from '@/features/quotes/components/save-status'
import { DeclineNotice, SentHeader, SentScreen, signatureOf } from '@/features/quotes/components/sent-screen'
import { SigningLink, SigningLinkView } from '@/features/quotes/components/signing-link'
import { StatusBadge } from '@/components/ui/status-badge'
import { FRANCHISE_MENTION } from '@paraphe/shared/quote-mentions'
import { TotalsPanel } from '@/features/quotes/components/totals-panel'
import { formOf, liveTotals } from '@/features/quotes/lib/quote-form'
import { QuotesView, type ListLoad, type MoreLoad, type QuotesViewProps } from '@/features/quotes/routes/quotes-list'
import type { QuoteCounts } from '@paraphe/shared/api/quote-schemas'
import type { Dashboard } from '@paraphe/shared/api/dashboard-schemas'
import { QuotePageStatus } from '@/features/quotes/routes/quote-editor'
import { AutomaticReminders } from '@/features/quotes/components/automatic-reminders'
import { actionProblem } from '@/features/quotes/lib/action-problems'
import { elapsedText, lastReminder, reminderRule, type ReminderRule } from '@/features/quotes/lib/reminder-rule'
import { findPlan, type Plan } from '@paraphe/shared/plans'
import { formatDateTime } from '@paraphe/shared/dates'
import { serverRender } from '../support/server-render.js'

const noop = () => {}
const api = createApiClient({ getAccessToken: async () => null })

const render = (node: ReactNode, path = '/espace') =>
  serverRender(node, { path, config: { supabaseAnonKey: 'anon-key' }, workspace: { api, userId: 'u' } })

const content: QuoteContent = {
  client: {
    kind: 'business',
    name: 'Karim Benali',
    company: 'Benali SAS',
    email: 'karim@benali.fr',
    phone: '06 00 00 00 00',
    address: '1 rue de Lyon\n75012 Paris'
  },
  siteAddress: '8 impasse des Lilas',
  title: 'Parquet du salon',
  issueDate: '2026-11-21',
  validityDays: 30,
  workStartDate: '2027-01-04',
  workDuration: '3 jours',
  lines: [
    { id: 'a', description: 'Ponçage', quantityMilli: 32500, unit: 'm²', unitPriceCents: 2200, vatRateBp: 1000, discountBp: 500 },
    { id: 'b', description: 'Vitrificateur', quantityMilli: 2000, unit: 'u', unitPriceCents: 8990, vatRateBp: 2000, discountBp: 0 }
  ],
  depositBp: 3000,
  paymentTerms: 'Solde à la fin des travaux.',
  conditions: 'Garantie un an.',
  notes: 'Prévoir de vider la pièce.',
  buildingTrade: true,
  requireEmailCode: false
}

function quote(status: QuoteStatus, overrides: Partial<Quote> = {}): Quote {
  return {
    ...content,
    id: 'q1',
    number: status === 'draft' ? null : 'DEV-2026-0007',
    status,
    franchiseEnBase: false,
    totals: computeTotals(content.lines, { franchiseEnBase: false, depositBp: content.depositBp }),
    version: 3,
    createdAt: '2026-11-20T09:00:00Z',
    updatedAt: '2026-11-21T13:05:00Z',
    sentAt: status === 'draft' ? null : '2026-11-21T13:05:00Z',
    expiresOn: status === 'draft' ? null : '2026-12-21',
    replacedBy: null,
    ...overrides
  }
}

const summary = (overrides: Partial<QuoteSummary>): QuoteSummary => ({
  id: 's1',
  number: null,
  status: 'draft',
  title: 'Cuisine',
  clientName: 'Martine Leroy',
  totalTtcCents: 1_234_567,
  issueDate: '2026-11-21',
  expiresOn: null,
  createdAt: '2026-11-20T23:30:00Z',
  updatedAt: '2026-11-20T23:30:00Z',
  sentAt: null,
  ...overrides
})

t.test('the workspace layout: its navigation, the account section, the loading state of the prerender', async (t) => {
  t.equal(sectionOf('/espace'), 'quotes')
  t.equal(sectionOf('/espace/devis/abc'), 'quotes')
  t.equal(sectionOf('/espace/profil'), 'profile')
  t.equal(sectionOf('/tarifs'), null)
  t.equal(sectionOf('/espace/webhooks'), 'webhooks')
  t.equal(sectionOf('/espace/securite'), 'security')
  t.match(
    render(<AccountLinks />, '/espace/webhooks'),
    /href="\/espace\/api"[^>]*>API<\/a><\/li><li><a class="account-menu__link" aria-current="page" href="\/espace\/webhooks"[^>]*>Webhooks</,
    'in the account menu, next to « API »'
  )
  const list = render(<WorkspaceNav />, '/espace')
  t.match(list, /<nav class="workspace-nav" aria-label="Espace professionnel">/)
  t.same(
    [...list.matchAll(/<a [^>]*>([^<]+)</g)].map((match) => match[1]),
    ['Devis', 'Factures', 'Clients', 'Articles'],
    'the navigation holds the daily work'
  )
  const settings = render(<AccountLinks />, '/espace')
  t.same(
    [...settings.matchAll(/<a [^>]*>([^<]+)</g)].map((match) => match[1]),
    ['Profil', 'Sécurité', 'Équipe', 'Abonnement', 'API', 'Webhooks'],
    'the account menu, the settings'
  )
  t.match(settings, /<nav class="account-menu__nav" aria-label="Compte et entreprise">/)
  t.match(render(<WorkspaceNav />, '/espace/devis/q1'), /aria-current="true" href="\/espace"/, 'inside a quote: the section is current')
  t.match(render(<AccountLinks />, '/espace/profil'), /aria-current="page" href="\/espace\/profil"/)

  function Probe() {
    const workspace = useWorkspace()
    return <p>{`hydrated=${workspace.hydrated} user=${workspace.userId}`}</p>
  }
  const frame = renderToStaticMarkup(
    <RuntimeConfigProvider value={placeholderRuntimeConfig()}>
      <MemoryRouter initialEntries={['/espace']}>
        <Routes>
          <Route element={<WorkspaceLayout />}>
            <Route path="/espace" element={<Probe />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </RuntimeConfigProvider>
  )
  t.match(frame, /Chargement de votre espace…/)
  t.match(frame, /hydrated=false user=null/, 'nothing personal before the session is confirmed')
  t.match(
    frame,
    /<header class="app-header">[\s\S]*<nav class="workspace-nav" aria-label="Espace professionnel">[\s\S]*href="\/espace\/devis\/nouveau"[^>]*>Nouveau devis<\/a>[\s\S]*Chargement de votre espace…[\s\S]*<\/header><main id="contenu"/,
    'an application header: navigation, the primary action, the account'
  )
  t.notMatch(frame, /Navigation principale|Fonctionnalités|Tarifs/, 'not the site’s marketing menu')
  t.match(frame, /<footer class="site-footer app-footer">[\s\S]*Mentions légales/, 'the legal links stay reachable')
  t.throws(() => renderToStaticMarkup(<Probe />), { message: /inside WorkspaceLayout/ })
})

t.test('form controls: label, hint and error read together', async (t) => {
  const input = render(
    <InputField
      id="f"
      label="Quantité"
      hint="Par exemple 1,5"
      error="Trop de décimales."
      value="1,2345"
      onChange={noop}
      suffix="m²"
      optional
    />
  )
  t.match(input, /<label for="f">Quantité<span class="field__optional"> \(facultatif\)<\/span><\/label>/)
  t.match(input, /aria-invalid="true" aria-describedby="f-hint f-error"/)
  t.match(input, /<p class="field__error" id="f-error">Trop de décimales.<\/p>/)
  t.match(input, /<span class="field__suffix" aria-hidden="true">m²<\/span>/)
  const plain = render(<InputField id="g" label="Nom" value="" onChange={noop} />)
  t.notMatch(plain, /aria-describedby|aria-invalid/)
  t.match(
    render(<TextAreaField id="h" label="Adresse" value="x" onChange={noop} error="Trop long." />),
    /<textarea[^>]*aria-invalid="true" aria-describedby="h-error"/
  )
  const select = render(
    <SelectField
      id="s"
      label="Unité"
      value="h"
      onChange={noop}
      options={[
        { value: 'u', label: 'u' },
        { value: 'h', label: 'h (heure)' }
      ]}
      hint="Choisir"
    />
  )
  t.match(select, /<option value="h" selected="">h \(heure\)<\/option>/)
  t.match(select, /aria-describedby="s-hint"/)
  t.match(
    render(<CheckboxField id="c" label="Bâtiment" hint="Mention" checked onChange={noop} />),
    /type="checkbox" aria-describedby="c-hint" name="c" checked=""/
  )
  t.notMatch(render(<CheckboxField id="d" label="Bâtiment" checked={false} onChange={noop} />), /aria-describedby/)
})

t.test('statuses, the list’s cards: number or « Brouillon », amounts and dates in French', async (t) => {
  t.equal(render(<StatusBadge status="signed" />), '<span class="badge badge--signe">Signé</span>')
  t.equal(render(<StatusBadge status="draft" />), '<span class="badge">Brouillon</span>')
  t.equal(dayOf('2026-11-20T23:30:00Z'), '21 novembre 2026', 'the day in Paris')
  const cards = render(
    <QuoteList
      quotes={[
        summary({}),
        summary({
          id: 's2',
          number: 'DEV-2026-0002',
          status: 'viewed',
          title: '',
          clientName: ' ',
          sentAt: '2026-11-21T10:00:00Z',
          expiresOn: '2026-12-21'
        })
      ]}
    />
  )
  t.match(cards, /<span class="badge">Brouillon<\/span><span class="quote-card__number">Brouillon<\/span>/)
  t.match(cards, /<a href="\/espace\/devis\/s1"[^>]*>Cuisine<\/a>/)
  t.match(cards, /12 345,67 € <abbr title="toutes taxes comprises">TTC<\/abbr>/)
  t.match(cards, /<dt>Date du devis<\/dt><dd>21 novembre 2026<\/dd>/)
  t.match(cards, /<dt>Modifié le<\/dt><dd><time dateTime="2026-11-20T23:30:00Z" title="21 novembre 2026 à 00:30">21 novembre 2026<\/time>/i)
  t.match(cards, /Consulté<\/span><span class="quote-card__number">DEV-2026-0002/)
  t.match(cards, />Devis sans titre</)
  t.match(cards, />Client non renseigné</)
  t.match(cards, /<dt>Envoyé le<\/dt><dd>21 novembre 2026<\/dd>/)
  t.match(cards, /<dt>Valable jusqu’au<\/dt><dd>21 décembre 2026<\/dd>/)
})

t.test('/espace in each state: loading, failures, empty, filtered, with a reminder about the profile', async (t) => {
  const props = (overrides: Partial<QuotesViewProps>): QuotesViewProps => ({
    filters: { status: null, q: '' },
    typed: '',
    onTypedChange: noop,
    onStatusChange: noop,
    onSearch: noop,
    onClearFilters: noop,
    onRetry: noop,
    onMore: noop,
    onDismissNotice: noop,
    load: { kind: 'loading' },
    hydrated: false,
    profileGaps: [],
    deletedNotice: false,
    ...overrides
  })
  const loading = render(<QuotesView {...props({})} />)
  t.match(loading, /<h1>Mon espace<\/h1>/)
  t.match(loading, /role="status">Chargement des devis…/)
  t.match(loading, /<form class="quote-filters" role="search" aria-label="Rechercher parmi vos devis">/)
  t.match(loading, /<input id="quotes-q"[^>]*disabled=""/, 'inert before hydration')
  t.match(
    loading,
    /<option value="" selected="">Tous les statuts<\/option><option value="awaiting">En attente de signature<\/option><option value="draft">Brouillon<\/option>/
  )
  t.notMatch(loading, /notice--warning/)

  const counts = (all: number, more: Partial<QuoteCounts> = {}): QuoteCounts => ({
    all,
    awaiting: 0,
    draft: all,
    sent: 0,
    viewed: 0,
    signed: 0,
    declined: 0,
    expired: 0,
    cancelled: 0,
    ...more
  })
  const ready = (
    quotes: QuoteSummary[],
    all = quotes.length,
    nextCursor: string | null = null,
    more: MoreLoad = { kind: 'idle' }
  ): ListLoad => ({ kind: 'ready', quotes, nextCursor, counts: counts(all), more })
  const empty = render(<QuotesView {...props({ hydrated: true, load: ready([]), profileGaps: ['le SIRET', 'l’adresse'] })} />)
  t.match(empty, /Vous n’avez pas encore de devis./)
  t.notMatch(empty, /role="search"/, 'no search panel over an empty list')
  t.match(empty, /href="\/espace\/devis\/nouveau"[^>]*>Créer mon premier devis/)
  t.match(empty, /complétez votre profil d’entreprise \(mentions obligatoires\) : le SIRET, l’adresse. <a href="\/espace\/profil"/)
  t.notMatch(empty, /disabled=""/)

  const none = render(<QuotesView {...props({ hydrated: true, filters: { status: 'signed', q: 'x' }, typed: 'x', load: ready([], 0) })} />)
  t.match(none, /Aucun devis ne correspond à cette recherche./)
  t.match(none, />Afficher tous les devis</)
  t.match(none, /<option value="signed" selected="">Signé \(0\)<\/option>/, 'the filter keeps its panel, with counts')
  t.match(none, /value="x"/)

  const some = render(
    <QuotesView
      {...props({
        hydrated: true,
        filters: { status: null, q: 'leroy' },
        load: ready([summary({}), summary({ id: 's2' })]),
        deletedNotice: true
      })}
    />
  )
  t.match(some, /role="status">2 devis correspondant à la recherche</)
  t.match(some, /Le brouillon a été supprimé./)
  t.notMatch(some, /Afficher plus/, 'everything is shown: no « more » button')
  t.match(render(<QuotesView {...props({ load: ready([summary({})]) })} />), /role="status">1 devis</)

  const partial = render(<QuotesView {...props({ hydrated: true, load: ready([summary({}), summary({ id: 's2' })], 120, 'next') })} />)
  t.match(partial, /role="status">120 devis, 2 affichés</)
  t.match(
    partial,
    /<p class="quotes-more__count" id="quotes-more-count">2 devis affichés sur 120<\/p><button type="button" class="button button--ghost" aria-describedby="quotes-more-count" aria-disabled="false">Afficher plus de devis<\/button>/
  )
  t.match(
    partial,
    /<option value="" selected="">Tous les statuts \(120\)<\/option><option value="awaiting">En attente de signature \(0\)<\/option><option value="draft">Brouillon \(120\)<\/option>/
  )

  const figures: Dashboard = {
    awaiting: { count: 2, totalTtcCents: 268_826 },
    signedThisMonth: { count: 1, totalTtcCents: 134_413 },
    signature: { signed: 1, closed: 3, ratePercent: 33 },
    remindersDue: 1,
    recent: [
      {
        subject: 'invoice',
        id: 'f3',
        number: 'F-2026-0003',
        title: 'Élise Martin',
        type: 'paid',
        label: 'Facture d’acompte payée',
        occurredAt: '2026-11-21T10:00:00Z',
        count: 1
      },
      {
        subject: 'quote',
        id: 'q9',
        number: 'DEV-2026-0009',
        title: 'Toiture',
        type: 'signed',
        label: 'Devis signé par le client',
        occurredAt: '2026-11-20T09:00:00Z',
        count: 1
      },
      {
        subject: 'quote',
        id: 'q8',
        number: 'DEV-2026-0008',
        title: 'Cuisine',
        type: 'viewed',
        label: 'Devis consulté par le client',
        occurredAt: '2026-11-19T17:30:00Z',
        count: 5
      }
    ],
    receivables: { count: 1, remainingCents: 40_324, overdueCount: 0, overdueRemainingCents: 0 }
  }
  const board = render(
    <QuotesView {...props({ hydrated: true, load: ready([summary({})]), dashboard: figures, quota: '2 devis envoyés sur 3 ce mois-ci' })} />
  )
  t.match(board, /<h2 id="dashboard-title">Tableau de bord<\/h2>/)
  t.match(
    board,
    /href="\/espace\?status=awaiting"[^>]*><span class="dashboard__value">2<\/span><span class="dashboard__label">devis à signer<\/span><span class="dashboard__detail">2\s688,26\s€ TTC en attente/,
    'what waits, and its link to the list'
  )
  t.match(
    board,
    /href="\/espace\?status=signed"[^>]*><span class="dashboard__value">1<\/span><span class="dashboard__label">signé ce mois-ci<\/span>/
  )
  t.match(
    board,
    /33\s%<\/span><span class="dashboard__label">taux de signature<\/span><span class="dashboard__detail">1 signé sur 3 devis clos/
  )
  t.match(board, />1<\/span><span class="dashboard__label">relance possible</)
  t.match(
    board,
    /href="\/espace\/factures\?statut=a-encaisser"[^>]*><span class="dashboard__value">403,24\s€<\/span><span class="dashboard__label">à encaisser<\/span><span class="dashboard__detail">1 facture</,
    'what the invoices leave to collect, from the gateway’s figures'
  )
  t.match(board, /2 devis envoyés sur 3 ce mois-ci/)
  t.match(
    board,
    /href="\/espace\/factures\/f3"[^>]*>F-2026-0003 — Élise Martin<\/a> : facture d’acompte payée, <time dateTime="2026-11-21T10:00:00Z">21 novembre 2026<\/time>/,
    'an invoice’s event, leading to the invoice'
  )
  t.match(
    board,
    /href="\/espace\/devis\/q9"[^>]*>DEV-2026-0009 — Toiture<\/a> : devis signé par le client, <time dateTime="2026-11-20T09:00:00Z">20 novembre 2026<\/time>/
  )
  t.match(
    board,
    /DEV-2026-0008 — Cuisine<\/a>\s*:\s*devis consulté par le client \(5\sfois, dernière le <time dateTime="2026-11-19T17:30:00Z">19 novembre 2026<\/time>\)/,
    'five views, one line with the count'
  )
  t.notMatch(
    render(
      <QuotesView {...props({ hydrated: true, filters: { status: 'signed', q: '' }, load: ready([summary({})]), dashboard: figures })} />
    ),
    /Tableau de bord/,
    'a filtered list goes straight to the quotes'
  )
  t.notMatch(
    render(<QuotesView {...props({ hydrated: true, load: ready([]), dashboard: figures })} />),
    /Tableau de bord/,
    'no figures before the first quote'
  )
  const loadingMore = render(<QuotesView {...props({ hydrated: true, load: ready([summary({})], 120, 'next', { kind: 'loading' }) })} />)
  t.match(loadingMore, /aria-disabled="true">Chargement…<\/button>/)
  const moreFailed = render(
    <QuotesView
      {...props({ hydrated: true, load: ready([summary({})], 120, 'next', { kind: 'failed', message: 'Le serveur ne répond pas.' }) })}
    />
  )
  t.match(
    moreFailed,
    /Afficher plus de devis<\/button><p class="field__error" role="alert">Le serveur ne répond pas.<\/p>/,
    'the shown quotes stay; the failure is said under the button'
  )

  const down = render(
    <QuotesView {...props({ load: { kind: 'failed', error: new ApiError(0, 'network_error', 'Le serveur ne répond pas.') } })} />
  )
  t.match(down, /role="alert"><p>Le serveur ne répond pas.<\/p><button[^>]*>Réessayer/)
  const expired = render(<QuotesView {...props({ load: { kind: 'failed', error: new ApiError(401, 'token_expired', 'x') } })} />)
  t.match(expired, /reconnectez-vous pour voir vos devis/)
  t.notMatch(expired, /Réessayer/)
})

t.test('a draft in the editor: every field labelled, lines as cards, totals per rate, errors linked', async (t) => {
  const form = formOf(content)
  const html = render(
    <DraftForm
      form={form}
      errors={{
        'client.email': 'Adresse invalide.',
        'lines.1.quantityMilli': 'Au plus 3 décimales.',
        lines: 'Ajoutez au moins une ligne.'
      }}
      live={liveTotals(form, false)}
      franchiseEnBase={false}
      dispatch={noop}
    />
  )
  for (const legend of [
    'Client',
    'Type de client',
    'Devis et travaux',
    'Lignes du devis',
    'Paiement et conditions',
    'Signature',
    'Ligne 1',
    'Ligne 2'
  ]) {
    t.match(html, new RegExp(`<legend[^>]*>${legend}</legend>`), `fieldset « ${legend} »`)
  }
  t.match(html, /<label for="quote-client-name">Nom du contact<\/label>/, 'a business client has a contact')
  t.match(html, /<label for="quote-client-company">Société<\/label>/)
  t.match(html, /id="quote-client-kind-business" name="quote-client-kind" checked="" value="business"/)
  t.match(
    html,
    /<input id="quote-client-email"[^>]*aria-invalid="true" aria-describedby="quote-client-email-hint quote-client-email-error"/
  )
  t.match(html, /<input id="line-b-quantity"[^>]*aria-invalid="true" aria-describedby="line-b-quantity-error"[^>]*value="2"/)
  t.match(html, /<input id="line-a-price"[^>]*inputMode="decimal"[^>]*value="22,00"/i)
  t.match(html, /<option value="m²" selected="">m² \(mètre carré\)<\/option>/)
  t.match(html, /<option value="550">5,5 %<\/option>/)
  t.match(html, /disabled="" aria-label="Monter la ligne 1"/, 'the first line cannot go up')
  t.match(html, /disabled="" aria-label="Descendre la ligne 2"/, 'the last cannot go down')
  t.match(html, /aria-label="Supprimer la ligne 2"/)
  t.match(html, /Total HT de la ligne : <\/span><strong>679,25 €<\/strong>/, '32,5 × 22,00 − 5 %')
  t.match(html, /<p class="field__error" id="quote-lines-error">Ajoutez au moins une ligne.<\/p>/)
  t.notMatch(html, /class="totals"/, 'the totals are beside the form, not in it')
  const panel = render(
    <DraftSidePanel live={liveTotals(form, false)} franchiseEnBase={false} depositBp={3000} onSend={noop}>
      <p>Actions</p>
    </DraftSidePanel>
  )
  t.match(
    panel,
    /<aside class="quote-side" id="quote-side" aria-label="Totaux et actions"><section class="totals"[\s\S]*<p>Actions<\/p><\/aside>/,
    'the totals, then the actions, in the side panel'
  )
  t.match(
    panel,
    /<div class="quote-phone-bar"><p class="quote-phone-bar__total"><span>Total TTC<\/span> <strong>962,94 €<\/strong><\/p><div class="quote-phone-bar__actions"><button type="button" class="button button--primary">Envoyer…<\/button><\/div><\/div>/,
    'the phone’s bar: the TTC and « Envoyer »'
  )
  t.match(panel, /<dl class="totals__list" aria-live="polite">/)
  t.match(panel, /<dt>Total HT<\/dt><dd>859,05 €<\/dd>/)
  t.match(panel, /<dt>TVA 10 % <span class="totals__base">sur 679,25 € HT<\/span><\/dt><dd>67,93 €<\/dd>/)
  t.match(panel, /<dt>TVA 20 % <span class="totals__base">sur 179,80 € HT<\/span><\/dt><dd>35,96 €<\/dd>/)
  t.match(panel, /<dt>Total TTC<\/dt><dd>962,94 €<\/dd>/)
  t.match(panel, /<dt>Acompte à la signature \(30 %\)<\/dt><dd>288,88 €<\/dd>/)
  t.match(html, /id="quote-building-trade" type="checkbox"[^>]*checked=""/)
  t.notMatch(panel, /TVA non applicable/)

  const individual = formOf({ ...content, client: { ...content.client, kind: 'individual', company: '' } })
  const franchise = render(<DraftForm form={individual} errors={{}} live={liveTotals(individual, true)} franchiseEnBase dispatch={noop} />)
  t.match(franchise, /<label for="quote-client-name">Nom du client<\/label>/)
  t.notMatch(franchise, /quote-client-company/, 'no company for a private client')
  t.notMatch(franchise, /id="line-a-vat"/, 'no VAT to choose under the franchise en base')
  t.match(
    render(
      <DraftSidePanel live={liveTotals(individual, true)} franchiseEnBase depositBp={0}>
        {null}
      </DraftSidePanel>
    ),
    new RegExp(`<dd>${FRANCHISE_MENTION}</dd>`)
  )
  t.match(
    render(
      <DraftForm
        form={{ ...individual, lines: [] }}
        errors={{}}
        live={liveTotals({ ...individual, lines: [] }, false)}
        franchiseEnBase={false}
        dispatch={noop}
      />
    ),
    /Aucune ligne pour l’instant./
  )
})

t.test('totals: skipped lines, amounts too large', async (t) => {
  const skipped = render(
    <TotalsPanel totals={computeTotals([], { franchiseEnBase: false, depositBp: 0 })} franchiseEnBase={false} depositBp={0} skipped={2} />
  )
  t.match(skipped, /2 lignes ne sont pas comptées/)
  t.notMatch(skipped, /aria-live/, 'a sent quote’s totals are not announced')
  t.notMatch(skipped, /Acompte/)
  t.match(
    render(<TotalsPanel totals={null} franchiseEnBase={false} depositBp={0} skipped={1} live />),
    /role="alert">Les montants sont trop élevés[\s\S]*Une ligne n’est pas comptée/
  )
})

t.test('the saved state, in words', async (t) => {
  t.equal(saveStateText({ kind: 'saved' }), 'Enregistré')
  t.equal(saveStateText({ kind: 'saving' }), 'Enregistrement…')
  t.equal(saveStateText({ kind: 'pending' }), 'Modifications non enregistrées')
  t.equal(saveStateText({ kind: 'invalid' }), 'Modifications non enregistrées\u202f: corrigez les valeurs signalées.')
  const saved = render(<SaveStatus state={{ kind: 'saved' }} onRetry={noop} onReload={noop} />)
  t.match(saved, /<p class="save-status__text" role="status" id="quote-save-status">Enregistré<\/p>/)
  t.notMatch(saved, /<button/)
  t.match(render(<SaveStatus state={{ kind: 'failed', message: 'Hors ligne.' }} onRetry={noop} onReload={noop} />), />Réessayer</)
  t.match(render(<SaveStatus state={{ kind: 'conflict' }} onRetry={noop} onReload={noop} />), />Recharger le devis</)
  t.match(render(<SaveStatus state={{ kind: 'frozen' }} onRetry={noop} onReload={noop} />), />Afficher le devis envoyé</)
})

t.test('actions by status: send and delete a draft; revise and cancel a sent quote', async (t) => {
  const bar = (status: QuoteStatus, busy: Parameters<typeof QuoteActionsBar>[0]['busy'] = null) =>
    render(
      <QuoteActionsBar
        quote={quote(status)}
        busy={busy}
        problem={null}
        onAction={noop}
        controlIdOf={() => null}
        clientEmail="karim@benali.fr"
      />
    )
  const draft = bar('draft')
  for (const label of ['Envoyer le devis', 'Télécharger le PDF', 'Dupliquer', 'Supprimer le brouillon'])
    t.match(draft, `>${label}</button>`)
  t.notMatch(draft, />Modifier</)
  const sent = bar('viewed')
  for (const label of ['Télécharger le PDF', 'Dupliquer', 'Modifier', 'Annuler le devis']) t.match(sent, `>${label}</button>`)
  t.notMatch(sent, /Envoyer le devis|Supprimer le brouillon/)
  const signed = bar('signed')
  t.notMatch(signed, />Modifier<|Annuler le devis/, 'a signed quote stays as it is')
  t.match(
    signed,
    /<button type="button" class="button button--primary">Télécharger le devis signé<\/button>/,
    'its main button: the signed quote'
  )
  t.notMatch(signed, />Télécharger le PDF</)
  const busy = bar('draft', 'send')
  t.match(busy, />Envoi…</)
  t.match(busy, /<button type="button" class="button button--ghost" disabled="">Télécharger le PDF/, 'one action at a time')
  t.match(bar('draft', 'pdf'), />Préparation du PDF…</)
  t.match(bar('draft', 'duplicate'), />Duplication…</)
  t.match(
    render(
      <ConfirmAction
        label="Supprimer"
        question="Sûr ?"
        confirmLabel="Oui"
        onConfirm={noop}
        pending={false}
        pendingLabel="…"
        tone="danger"
      />
    ),
    /class="button button--danger">Supprimer</
  )
})

t.test('what went wrong with an action: the missing values link to their fields, the plans to /tarifs', async (t) => {
  const html = render(
    <ActionProblemView
      problem={{
        message: 'Il manque des informations pour envoyer ce devis :',
        fields: {
          profile: 'Complétez votre profil d’entreprise : le SIRET.',
          'client.email': 'Indiquez l’adresse e-mail du client.',
          'lines.9.description': 'Décrivez cette ligne.'
        },
        planLimit: true
      }}
      controlIdOf={(path) => (path === 'client.email' ? 'quote-client-email' : null)}
    />
  )
  t.match(html, /role="alert"/)
  t.match(html, /<li>Complétez votre profil d’entreprise : le SIRET. <a href="\/espace\/profil"[^>]*>Compléter mon profil<\/a><\/li>/)
  t.match(html, /<li><a href="#quote-client-email">Indiquez l’adresse e-mail du client.<\/a><\/li>/)
  t.match(html, /<li>Décrivez cette ligne.<\/li>/)
  t.match(html, /<a href="\/tarifs"[^>]*>Voir les offres<\/a>/)
  t.notMatch(
    render(<ActionProblemView problem={{ message: 'Non.', fields: {}, planLimit: false }} controlIdOf={() => null} />),
    /<ul|tarifs/
  )
})

t.test('a sent quote: read-only, its header, the signing link, its history', async (t) => {
  const sent = quote('sent')
  const header = render(<SentHeader quote={sent} />)
  t.match(header, /<h1>Devis(<!-- -->)? <span class="quote-number">DEV-2026-0007<\/span><\/h1>/, 'the number kept on one line')
  t.match(header, /c’est ce document que votre client signe/)
  t.match(render(<SentHeader quote={quote('signed')} />), /Votre client a signé ce document/)
  t.notMatch(render(<SentHeader quote={quote('signed')} />), /que votre client signe/, 'a signed quote does not say it is still to sign')
  t.match(render(<SentHeader quote={quote('declined')} />), /Votre client a refusé ce devis/)
  t.match(render(<SentHeader quote={quote('expired')} />), /ne peut plus être signé/)
  const declinedAt = '2026-11-25T09:00:00Z'
  const reason = render(
    <DeclineNotice
      events={{
        kind: 'ready',
        events: [{ type: 'declined', occurredAt: declinedAt, label: 'Devis refusé par le client', detail: 'Trop cher cette année.' }]
      }}
    />
  )
  t.match(reason, /Devis refusé par votre client<\/strong> le 25 novembre 2026 à 10:00/)
  t.match(reason, /Son motif : <q>Trop cher cette année.<\/q>/)
  t.match(
    render(<DeclineNotice events={{ kind: 'ready', events: [{ type: 'declined', occurredAt: declinedAt, label: 'x' }] }} />),
    /n’a pas indiqué de motif/
  )
  t.equal(render(<DeclineNotice events={{ kind: 'loading' }} />), '')
  t.match(header, /Envoyé<\/span><span>Envoyé le 21 novembre 2026<\/span><span>Valable jusqu’au 21 décembre 2026<\/span>/)
  t.match(
    render(<SentHeader quote={quote('cancelled', { replacedBy: 'q2' })} />),
    /<a href="\/espace\/devis\/q2"[^>]*>Voir la nouvelle version<\/a>/
  )
  t.match(render(<SentHeader quote={quote('sent', { number: null, sentAt: null, expiresOn: null })} />), /<h1>Devis<\/h1>/)
  // Signed: « Signé le … par … » first, in Paris time; the validity no longer matters.
  const signedEvents: EventsLoad = {
    kind: 'ready',
    events: [
      { type: 'sent', occurredAt: '2026-11-21T08:00:00Z', label: 'Devis envoyé pour signature' },
      { type: 'signed', occurredAt: '2026-11-25T15:42:00Z', label: 'Devis signé par le client', signerName: 'Élise Martin' }
    ]
  }
  t.same(signatureOf(signedEvents), { signerName: 'Élise Martin', signedAt: '2026-11-25T15:42:00Z' })
  t.equal(signatureOf({ kind: 'loading' }), null, 'nothing while the history loads')
  t.equal(signatureOf({ kind: 'ready', events: [] }), null)
  const signedHeader = render(<SentHeader quote={quote('signed')} signature={signatureOf(signedEvents)} />)
  t.match(signedHeader, /<strong class="quote-page__signed">Signé le 25 novembre 2026 à 16:42 [^<]*par Élise Martin<\/strong>/)
  t.notMatch(signedHeader, /Valable jusqu’au/, 'no validity once signed')
  t.notMatch(render(<SentHeader quote={quote('sent')} signature={signatureOf(signedEvents)} />), /Signé le/, 'only a signed quote says so')
  t.match(
    render(<SentHeader quote={quote('signed')} signature={{ signerName: '', signedAt: '2026-11-25T15:42:00Z' }} />),
    /Signé le 25 novembre 2026 à 16:42<\/strong>/,
    'a nameless signer: the time alone'
  )

  const frozen = render(<FrozenQuote quote={sent} />)
  t.notMatch(frozen, /<input|<textarea|<select/, 'nothing to edit')
  t.match(frozen, /<dt>Contact<\/dt><dd>Karim Benali<\/dd>/)
  t.match(frozen, /<dt>Société<\/dt><dd>Benali SAS<\/dd>/)
  t.match(frozen, /<dt>Validité<\/dt><dd>jusqu’au 21 décembre 2026<\/dd>/)
  t.match(frozen, /<dt>Début des travaux<\/dt><dd>4 janvier 2027<\/dd>/)
  t.match(frozen, /32,5 <abbr title="mètre carré">m²<\/abbr> × 22,00 € HT, remise 5 %, TVA 10 %/)
  t.match(frozen, /Total HT : <strong>679,25 €<\/strong>/)
  t.match(frozen, /<dt>Total TTC<\/dt><dd>962,94 €<\/dd>/)
  t.match(frozen, /Prévoir de vider la pièce./)
  const bare = render(
    <FrozenQuote
      quote={quote('signed', {
        client: { kind: 'individual', name: '', company: '', email: '', phone: '', address: '' },
        siteAddress: '',
        workStartDate: null,
        workDuration: '',
        paymentTerms: '',
        conditions: '',
        notes: '',
        expiresOn: null,
        franchiseEnBase: true,
        lines: [{ ...content.lines[0]!, description: '', discountBp: 0 }],
        totals: computeTotals([content.lines[0]!], { franchiseEnBase: true, depositBp: 0 }),
        depositBp: 0
      })}
    />
  )
  t.match(bare, /<dt>Nom<\/dt><dd>—<\/dd>/)
  t.match(bare, /<dt>Validité<\/dt><dd>30 jours<\/dd>/)
  t.notMatch(bare, /Paiement et conditions|TVA 10 %|remise/)
  t.match(bare, new RegExp(FRANCHISE_MENTION))

  const link = render(
    <SigningLinkView url="https://devis.example/SignatureDevis?token=abc" email="karim@benali.fr" copy="idle" onCopy={noop} />
  )
  t.match(link, /<h2 id="signing-link-title">Devis envoyé<\/h2>/)
  t.match(link, /<label for="quote-signing-url">Lien de signature<\/label>/)
  t.match(link, /<input id="quote-signing-url" type="text" readOnly="" value="https:\/\/devis.example\/SignatureDevis\?token=abc"/)
  t.match(render(<SigningLinkView url="u" email="" copy="copied" onCopy={noop} />), /votre client[\s\S]*Lien copié./)
  t.match(render(<SigningLinkView url="u" email="" copy="manual" onCopy={noop} />), /copiez-le avec Ctrl\+C/)
  t.match(render(<SigningLink url="u" email="a@b.fr" />), /<strong>a@b.fr<\/strong>/)

  t.match(render(<EventsTimeline load={{ kind: 'loading' }} />), /Chargement de l’historique…/)
  t.match(render(<EventsTimeline load={{ kind: 'ready', events: [] }} />), /Rien pour l’instant./)
  t.match(
    render(<EventsTimeline load={{ kind: 'failed', error: new ApiError(500, 'x', 'Erreur.') }} />),
    /n’a pas pu être chargé : Erreur./
  )
  const events = render(
    <EventsTimeline
      load={{ kind: 'ready', events: [{ type: 'sent', occurredAt: '2026-07-14T08:00:00Z', label: 'Devis envoyé pour signature' }] }}
    />
  )
  t.match(
    events,
    /Devis envoyé pour signature<\/span> <time class="timeline__time" dateTime="2026-07-14T08:00:00Z">14 juillet 2026 à 10:00<\/time>/
  )
  const declined = render(
    <EventsTimeline
      load={{
        kind: 'ready',
        events: [{ type: 'declined', occurredAt: '2026-07-15T08:00:00Z', label: 'Devis refusé par le client', detail: 'Trop cher.' }]
      }}
    />
  )
  t.match(declined, /<q class="timeline__detail">Trop cher.<\/q>/, 'a decline’s reason in the timeline')
})

t.test('the screens of a quote page as first rendered', async (t) => {
  const draft = render(<DraftScreen quote={quote('draft')} onSent={noop} onReload={noop} />, '/espace/devis/q1')
  t.match(draft, /<h1>Brouillon de devis<\/h1>/)
  t.match(draft, /id="quote-save-status">Enregistré</)
  t.match(draft, /value="Parquet du salon"/)
  const sent = render(
    <SentScreen quote={quote('sent')} signingUrl="https://x/SignatureDevis?token=t" onChanged={noop} />,
    '/espace/devis/q1'
  )
  t.match(
    sent,
    /<h1>Devis(<!-- -->)? <span class="quote-number">DEV-2026-0007<\/span><\/h1>[\s\S]*Lien de signature[\s\S]*Historique[\s\S]*Chargement de l’historique…/
  )
  t.notMatch(render(<SentScreen quote={quote('sent')} signingUrl={null} onChanged={noop} />), /Lien de signature/)

  t.match(
    render(<QuotePageStatus load={{ kind: 'loading' }} onRetry={noop} />),
    /<h1>Devis<\/h1><\/header><p class="workspace-loading" role="status">Chargement du devis…/
  )
  const missing = render(<QuotePageStatus load={{ kind: 'failed', error: new ApiError(404, 'not_found', 'x') }} onRetry={noop} />)
  t.match(missing, /Ce devis n’existe pas, ou il appartient à un autre compte./)
  t.match(missing, /href="\/espace"[^>]*>Retour à mes devis/)
  t.match(
    render(<QuotePageStatus load={{ kind: 'failed', error: new ApiError(503, 'x', 'Indisponible.') }} onRetry={noop} />),
    /Indisponible.<\/p><button[^>]*>Réessayer/
  )

  t.match(
    render(<QuotePageStatus load={{ kind: 'loading' }} onRetry={noop} creating />),
    /<h1>Nouveau devis<\/h1><\/header><p class="workspace-loading" role="status">Préparation du brouillon…/
  )
  t.match(
    render(<QuotePageStatus load={{ kind: 'failed', error: new ApiError(0, 'network_error', 'Hors ligne.') }} onRetry={noop} creating />),
    /<h1>Nouveau devis<\/h1>[\s\S]*Hors ligne.<\/p><button[^>]*>Réessayer/
  )
  const unsaved = render(
    <DraftScreen quote={{ ...quote('draft'), id: '', version: 0 }} onSent={noop} onReload={noop} />,
    '/espace/devis/nouveau'
  )
  t.match(unsaved, /Le brouillon est enregistré dès votre première saisie/, 'a draft not stored yet says when it will be')
  t.notMatch(unsaved, /Envoyer|Supprimer le brouillon|Dupliquer/, 'and offers no action on it yet')
})

t.test('the plan in the editor: the e-mail code with its « Pro » badge on Découverte, usable on Pro', async (t) => {
  const form = formOf(quote('draft'))
  const editor = (planId: string, requireEmailCode = false) =>
    render(
      <DraftForm
        form={{ ...form, requireEmailCode }}
        errors={{}}
        live={liveTotals(form, false)}
        franchiseEnBase={false}
        dispatch={noop}
        plan={findPlan(planId) ?? null}
      />
    )
  const free = editor('decouverte')
  t.match(free, /id="quote-require-code" type="checkbox" disabled=""/)
  t.match(free, /avant la signature<span class="badge badge--plan">Pro<\/span><\/label>/)
  t.match(free, /Votre formule Découverte ne comprend pas le code de vérification. <a href="\/tarifs"[^>]*>Passer à la formule Pro<\/a>/)
  t.notMatch(
    editor('decouverte', true),
    /id="quote-require-code" type="checkbox"[^>]*disabled=""/,
    'a draft ticked before a downgrade can be unticked'
  )
  for (const id of ['pro', 'entreprise']) t.notMatch(editor(id), /badge--plan|id="quote-require-code" type="checkbox"[^>]*disabled=""/, id)
})

t.test('the quota before the wall: the month’s count, then an upgrade card instead of the confirmation', async (t) => {
  const free = findPlan('decouverte') as Plan
  const bar = (sentThisMonth: number, plan: Plan = free) =>
    render(
      <QuoteActionsBar
        quote={quote('draft')}
        busy={null}
        problem={null}
        onAction={noop}
        controlIdOf={() => null}
        clientEmail="karim@benali.fr"
        quota={{ plan, sentThisMonth }}
      />
    )
  t.match(bar(2), /<p class="quote-actions__quota">2 devis envoyés sur 3 ce mois-ci<\/p>/)
  t.match(bar(1), /1 devis envoyé sur 3 ce mois-ci/)
  t.match(
    bar(2),
    /<button id="quote-send" type="button" class="button button--primary" aria-haspopup="dialog">Envoyer le devis<\/button>/,
    'the usual confirmation, a dialog'
  )
  const wall = bar(3)
  t.match(wall, /3 devis envoyés sur 3 ce mois-ci/)
  t.match(
    wall,
    /<button type="button" class="button button--primary" aria-expanded="false">Envoyer le devis<\/button>/,
    'the button opens the upgrade card'
  )
  t.notMatch(bar(40, findPlan('pro')), /quote-actions__quota|aria-expanded/, 'no counter on an unlimited plan')
})

t.test('« Relancer » with the 20-hour rule shown before the click', async (t) => {
  const now = new Date('2026-11-21T15:00:00Z')
  t.same(reminderRule(null, now), {
    allowed: true,
    text: 'Aucune relance pour l’instant. Un client est relancé au plus une fois toutes les 20\u00a0heures.'
  })
  const recent = reminderRule(new Date('2026-11-21T12:00:00Z'), now)
  t.equal(recent.allowed, false)
  t.equal(recent.text, `Dernière relance il y a 3\u00a0h — prochaine possible le ${formatDateTime(new Date('2026-11-22T08:00:00Z'))}.`)
  t.match(recent.text, /22 novembre 2026 à 09:00/, 'Paris time')
  t.same(reminderRule(new Date('2026-11-19T12:00:00Z'), now), { allowed: true, text: 'Dernière relance il y a 2 jours.' })
  t.equal(elapsedText(new Date('2026-11-21T14:48:00Z'), now), 'il y a 12 min')
  t.equal(
    lastReminder([
      { type: 'sent', occurredAt: '2026-11-20T08:00:00Z' },
      { type: 'reminded', occurredAt: '2026-11-21T12:00:00Z' },
      { type: 'reminded', occurredAt: '2026-11-20T12:00:00Z' }
    ])?.toISOString(),
    '2026-11-21T12:00:00.000Z'
  )

  const bar = (rule: ReminderRule | null) =>
    render(
      <QuoteActionsBar
        quote={quote('sent')}
        busy={null}
        problem={null}
        onAction={noop}
        controlIdOf={() => null}
        clientEmail="karim@benali.fr"
        reminder={rule}
      />
    )
  t.match(bar(recent), /<p class="quote-actions__quota" id="quote-reminder-rule">Dernière relance il y a 3 h — prochaine possible le/)
  t.match(bar(recent), /<button type="button" class="button button--primary" disabled="">Relancer<\/button>/, 'not twice within 20 hours')
  t.match(bar(reminderRule(null, now)), /<button type="button" class="button button--primary">Relancer<\/button>/)
  t.notMatch(
    render(
      <QuoteActionsBar
        quote={quote('signed')}
        busy={null}
        problem={null}
        onAction={noop}
        controlIdOf={() => null}
        clientEmail="k@b.fr"
        reminder={recent}
      />
    ),
    /Relancer|quote-reminder-rule/,
    'a signed quote is not reminded'
  )
})

t.test('automatic reminders by plan, and plan refusals with a real link', async (t) => {
  const free = render(<AutomaticReminders plan={findPlan('decouverte') as Plan} />)
  t.match(free, /Relances automatiques<span class="badge badge--plan">Pro<\/span>/)
  t.match(free, /ne relance pas vos clients automatiquement/)
  t.match(free, /<a href="\/tarifs"[^>]*>Passer à la formule Pro<\/a>/)
  const pro = render(<AutomaticReminders plan={findPlan('pro') as Plan} />)
  t.match(pro, /votre client reçoit un rappel 3 et 7 jours après l’envoi/)
  t.notMatch(pro, /badge--plan/)

  const refusal = actionProblem(
    'send',
    new ApiError(
      403,
      'plan_feature_required',
      'Le code de vérification par e-mail est inclus dans la formule Pro. Passez à la formule Pro : https://paraphe.example/tarifs'
    )
  )
  t.equal(refusal.planLimit, true)
  const shown = render(<ActionProblemView problem={refusal} controlIdOf={() => null} />)
  t.match(shown, /Passez à la formule Pro : <a href="https:\/\/paraphe.example\/tarifs">https:\/\/paraphe.example\/tarifs<\/a><\/p>/)
  t.notMatch(shown, /Voir les offres/, 'one link, not two')
  t.equal(actionProblem('remind', new ApiError(429, 'reminded_recently', 'Déjà relancé.')).message, 'Déjà relancé.')
})
