// The invoices' API client against the real gateway (PGlite, tokens signed like Supabase Auth's),
// as the invoicing page, the invoice page and the dashboard call it: a signed quote invoiced by a
// deposit draft then issued, a situation, a partial then full payment, a credit note, the PDF and
// the XML; the dashboard's « À encaisser » summed by the gateway. Then the pages' views rendered in
// Node with those very invoices, as the prerender renders them. The flows run in Chromium
// (web/test/browser/invoices.test.ts).
import t from 'tap'
import type { AddressInfo } from 'node:net'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { testDatabase } from '../../../gateway/test/support/databases.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser } from '../../../gateway/test/support/workspace-users.js'
import type { ReactNode } from 'react'
import type { Invoice, QuoteInvoicing } from '@paraphe/shared/api/invoice-schemas'
import { createApiClient } from '@/lib/api-client'
import { InvoiceCards } from '@/features/invoices/components/invoice-cards'
import { InvoiceSheet } from '@/features/invoices/components/invoice-sheet'
import { AccountantExport } from '@/features/invoices/components/accountant-export'
import { ReminderSettings } from '@/features/invoices/components/reminder-settings'
import { ClientLinkPanel } from '@/features/invoices/components/client-link-panel'
import { StandardInvoiceForm } from '@/features/invoices/components/standard-invoice-form'
import { Component as InvoiceNewPage } from '@/features/invoices/routes/invoice-new'
import { DepositForm, FinalForm, SituationForm } from '@/features/invoices/components/invoicing-forms'
import { InvoicingSummary } from '@/features/invoices/components/invoicing-summary'
import { invoicingPlan } from '@/features/invoices/lib/invoicing-plan'
import { Component as InvoicesPage } from '@/features/invoices/routes/invoices-list'
import { Component as InvoicePage } from '@/features/invoices/routes/invoice'
import { Component as QuoteInvoicingPage } from '@/features/invoices/routes/quote-invoicing'
import { DashboardSummary } from '@/features/quotes/components/dashboard-summary'
import { invoicesApi } from '@/lib/invoices-api'
import { quotesApi } from '@/features/quotes/api/quotes-api'
import { invoicingApi } from '@/features/invoices/api/invoicing-api'
import { serverRender } from '../support/server-render.js'

const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
await app.listen({ host: '127.0.0.1', port: 0 })
// Issuing waits for a PDF process; on a loaded 2-core machine the first one can outlast the
// gateway's 2-minute idle-socket limit, which is not what this test is about.
app.server.timeout = 0
t.teardown(() => app.close())
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
const local: typeof fetch = (input, init) => fetch(new URL(String(input), origin), init)
const today = parisIsoDate(new Date())

/** What the first test made, for the views. */
const made: { quote?: Quote; draft?: Invoice; deposit?: Invoice; situation?: Invoice; credit?: Invoice; invoicing?: QuoteInvoicing } = {}

const render = (node: ReactNode, url = '/') =>
  serverRender(node, { path: url, workspace: { api: createApiClient({ getAccessToken: async () => null }) } })

t.test('deposit, situation, payments, credit note and files through the web’s API client', async (t) => {
  const user = await newUser(app)
  const api = createApiClient({ getAccessToken: async () => user.token, fetch: local })
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draftQuote = (await user.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
  t.equal((await user.request('POST', `/api/quotes/${draftQuote.id}/send`)).statusCode, 200)
  // The client's signature is the signing tests' subject; here only its outcome matters.
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [draftQuote.id])

  t.same(
    (await quotesApi.dashboard(api)).receivables,
    { count: 0, remainingCents: 0, overdueCount: 0, overdueRemainingCents: 0 },
    'nothing to collect before the first invoice'
  )
  const quote = await invoicingApi.quote(api, draftQuote.id)
  t.equal(quote.status, 'signed')
  t.match(await invoicesApi.quoteInvoicing(api, quote.id), {
    quoteTotalTtcCents: 134_413,
    invoicedTtcCents: 0,
    progressBp: 0,
    finalIssued: false,
    invoices: []
  })

  const draft = await invoicesApi.createDraft(api, { kind: 'deposit', quoteId: quote.id, depositBp: 3000 })
  t.match(draft, { status: 'draft', number: null, totalTtcCents: 40_324 })
  made.draft = draft
  const deposit = await invoicesApi.issue(api, draft.id)
  t.match(deposit, { status: 'issued', number: /^F-\d{4}-0001$/, paymentStatus: 'unpaid', remainingCents: 40_324 })

  const refused = await invoicesApi.createDraft(api, { kind: 'progress', quoteId: quote.id, progressBp: 10_000 }).then(
    () => null,
    (error: unknown) => error
  )
  t.match(refused, { status: 422 }, 'a situation over what the quote leaves is refused with a status the page explains')

  const situation = await invoicesApi.issue(
    api,
    (await invoicesApi.createDraft(api, { kind: 'progress', quoteId: quote.id, progressBp: 4000 })).id
  )
  t.match(situation.document?.progress, { situationNumber: 1, cumulativeBp: 4000, previousBp: 0 })
  t.match(await invoicesApi.quoteInvoicing(api, quote.id), { invoicedTtcCents: 40_324 + situation.totalTtcCents, progressBp: 4000 })
  t.same((await quotesApi.dashboard(api)).receivables, {
    count: 2,
    remainingCents: 40_324 + situation.totalTtcCents,
    overdueCount: 0,
    overdueRemainingCents: 0
  })

  const partly = await invoicesApi.recordPayment(api, deposit.id, { amountCents: 10_000, paidOn: today, means: 'check' })
  t.match(partly, { paymentStatus: 'partly_paid', paidCents: 10_000, remainingCents: 30_324 })
  const paid = await invoicesApi.recordPayment(api, deposit.id, { amountCents: 30_324, paidOn: today, means: 'transfer' })
  t.match(paid, { paymentStatus: 'paid', remainingCents: 0 })
  t.match(
    await invoicesApi.list(api, { status: 'paid' }),
    { total: 1, invoices: [{ id: deposit.id }] },
    'the list filters by payment status'
  )

  const credit = await invoicesApi.creditNote(api, situation.id, { creditAmountCents: 1000 })
  t.match(credit, { kind: 'credit_note', status: 'draft', correctsInvoiceId: situation.id, totalTtcCents: 1000 })
  const issuedCredit = await invoicesApi.issue(api, credit.id)
  Object.assign(made, {
    quote,
    deposit: paid,
    situation: await invoicesApi.get(api, situation.id),
    credit: issuedCredit,
    invoicing: await invoicesApi.quoteInvoicing(api, quote.id)
  })
  t.match(issuedCredit.document?.creditedInvoice, { number: situation.number })
  t.match(await invoicesApi.get(api, situation.id), { creditedCents: 1000, remainingCents: situation.totalTtcCents - 1000 })
  t.same((await quotesApi.dashboard(api)).receivables, {
    count: 1,
    remainingCents: situation.totalTtcCents - 1000,
    overdueCount: 0,
    overdueRemainingCents: 0
  })

  const pdf = await invoicesApi.pdf(api, deposit.id)
  t.equal(pdf.blob.type, 'application/pdf')
  t.equal(Buffer.from(await pdf.blob.slice(0, 5).arrayBuffer()).toString(), '%PDF-')
  t.match(pdf.filename, /F-\d{4}-0001/)
  const xml = await invoicesApi.xml(api, deposit.id)
  t.match(await xml.blob.text(), /CrossIndustryInvoice/)

  const spare = await invoicesApi.createDraft(api, { kind: 'final', quoteId: quote.id })
  t.equal(await invoicesApi.removeDraft(api, spare.id), null, 'a draft is deleted')
  t.match(
    await invoicesApi.get(api, spare.id).then(
      () => null,
      (error: unknown) => error
    ),
    { status: 404 }
  )
})

t.test('the views with those invoices: draft to review, issued with payments and credit notes, list, invoicing forms', async (t) => {
  const { quote, draft, deposit, situation, credit, invoicing } = made
  if (
    quote === undefined ||
    draft === undefined ||
    deposit === undefined ||
    situation === undefined ||
    credit === undefined ||
    invoicing === undefined
  )
    throw new Error('the first test made nothing')
  const draftPage = render(<InvoiceSheet invoice={draft} onChanged={() => {}} />)
  t.match(draftPage, /<h1>Facture d’acompte \(brouillon\)<\/h1>/)
  t.match(
    draftPage,
    /Brouillon à vérifier[\s\S]*ne peut plus être modifiée ni supprimée : une erreur se corrige alors par un avoir\./,
    'issuing explained before the button'
  )
  t.match(draftPage, />Émettre la facture</)
  t.match(draftPage, />Supprimer le brouillon</)
  t.notMatch(draftPage, /Enregistrer le paiement|Télécharger la facture/, 'no payment nor file for a draft')
  t.match(draftPage, /Acompte de 30 ?% sur le devis DEV-\d{4}-\d{4}/)
  t.match(draftPage, /Total TTC<\/dt><dd>403,24 €/)

  const paidPage = render(<InvoiceSheet invoice={deposit} onChanged={() => {}} />)
  t.match(paidPage, new RegExp(`Facture d’acompte <span class="quote-number">${deposit.number}</span>`))
  t.match(paidPage, /class="badge badge--signe">Payée</)
  t.match(paidPage, />Télécharger la facture \(Factur-X\)</)
  t.match(paidPage, />Télécharger le XML</)
  t.match(paidPage, /100,00 € le .* — Chèque[\s\S]*303,24 € le .* — Virement/, 'each payment with its means')
  t.notMatch(paidPage, /Enregistrer le paiement/, 'nothing left to record')
  t.match(paidPage, /Créer un avoir[\s\S]*Toute la facture \(403,24 € TTC\)/)

  const open = render(<InvoiceSheet invoice={situation} onChanged={() => {}} />)
  t.match(open, /Situation n° 1 : cumul 40 %, déjà facturé 0 %/)
  t.match(open, /Annulé par avoir<\/dt><dd>10,00 €/)
  t.match(open, /<label for="[^"]+-amount">Montant reçu \(€\)<\/label><input[^>]*value="[\d ]+,\d\d"/, 'the rest proposed')
  t.match(open, />Enregistrer le paiement</)
  t.match(open, /<th scope="col">Avancement<\/th>/)
  t.match(
    open,
    /Envoi au client<\/h2><p>Pas encore envoyée par Paraphe\.[\s\S]*value="elise\.martin@example\.org"[\s\S]*>Envoyer la facture</,
    'sending offered to the client’s address'
  )
  t.notMatch(open, /Désactiver les liens envoyés/, 'nothing to revoke before a sending')
  const sent = {
    ...situation,
    events: [
      ...situation.events,
      {
        type: 'sent',
        source: 'paraphe' as const,
        lifecycleCode: null,
        occurredAt: `${today}T09:00:00Z`,
        data: { to: 'compta@example.org' }
      }
    ]
  }
  t.match(
    render(<ClientLinkPanel invoice={sent} onChanged={() => {}} />),
    /Dernier envoi le .* à compta@example\.org\.[\s\S]*>Relancer le client<[\s\S]*>Désactiver les liens envoyés</,
    'a sent invoice with something owed: « Relancer le client »'
  )
  t.notMatch(
    render(<ClientLinkPanel invoice={situation} onChanged={() => {}} />),
    /Relancer le client/,
    'no reminder before the invoice was sent'
  )
  t.notMatch(
    render(<ClientLinkPanel invoice={{ ...sent, remainingCents: 0 }} onChanged={() => {}} />),
    /Relancer le client/,
    'nothing owed, nothing to remind'
  )
  t.match(
    draftPage,
    new RegExp(`href="/espace/devis/${quote.id}/facturation\\?facture=acompte&amp;brouillon=${draft.id}">Modifier le brouillon<`),
    'a draft edited in its quote’s form'
  )

  const creditPage = render(<InvoiceSheet invoice={credit} onChanged={() => {}} />)
  t.match(creditPage, new RegExp(`<h1>Avoir <span class="quote-number">${credit.number}</span>`))
  t.match(creditPage, new RegExp(`Avoir sur la facture ${situation.number} du`))
  const blocked = render(
    <InvoiceSheet
      invoice={{ ...draft, document: null, draftProblem: 'Le profil de l’entreprise a changé : son SIRET manque.' }}
      onChanged={() => {}}
    />
  )
  t.match(
    blocked,
    /role="alert">Le profil de l’entreprise a changé : son SIRET manque\. Corrigez-le/,
    'a draft that can no longer be issued says why'
  )
  t.match(blocked, /disabled="">Émettre la facture</)
  t.notMatch(creditPage, /Enregistrer le paiement|Créer un avoir/, 'a credit note is neither paid nor credited')

  const cards = render(<InvoiceCards invoices={[draft, deposit, situation, credit]} />)
  t.match(cards, /Facture d’acompte \(brouillon\)/)
  t.match(cards, /Reste à encaisser<\/dt><dd>0,00 €/)
  t.match(cards, /class="badge">Brouillon</)
  t.match(cards, /class="badge badge--envoye">Émis</, 'a credit note')

  const plan = invoicingPlan(invoicing)
  t.match(render(<InvoicingSummary plan={plan} invoices={invoicing.invoices} />), /Avancement facturé<\/dt><dd>40 %/)
  const depositForm = render(<DepositForm quote={quote} plan={plan} draft={null} />)
  t.match(depositForm, /Le devis signé prévoit un acompte de 30 %/)
  t.match(depositForm, /value="30"/)
  t.match(depositForm, /Acompte : 403,24 € TTC sur 1 344,13 €\./)
  t.notMatch(depositForm, /SIREN/, 'no SIREN for a private client')
  const business = { ...quote, client: { ...quote.client, kind: 'business' as const, company: 'Syndic Bellevue' } }
  t.match(
    render(<FinalForm quote={business} plan={plan} draft={null} />),
    new RegExp(`Acompte ${deposit.number} du [\\s\\S]*Situation ${situation.number} du [\\s\\S]*SIREN du client`),
    'a business client’s SIREN, each deduction by number'
  )
  // The forms reopened from a draft, and a quote that names no deposit.
  const amountDraft = { ...draft, request: { kind: 'deposit' as const, quoteId: quote.id, depositAmountCents: 50_000 } }
  const byAmount = render(<DepositForm quote={quote} plan={plan} draft={amountDraft} />)
  t.match(byAmount, /value="500,00"/, 'a deposit drafted as an amount reopens as that amount')
  t.match(byAmount, />Enregistrer le brouillon</)
  t.match(
    render(<DepositForm quote={{ ...quote, depositBp: 0 }} plan={plan} draft={null} />),
    /Le devis ne prévoit pas d’acompte chiffré/,
    'no deposit on the quote: the form asks for one'
  )
  const firstLine = quote.lines.find((line) => !('kind' in line && line.kind === 'section'))
  const byLines = {
    ...draft,
    kind: 'progress' as const,
    request: { kind: 'progress' as const, quoteId: quote.id, progressLines: [{ lineId: firstLine?.id ?? '', cumulativeBp: 6000 }] }
  }
  t.match(
    render(<SituationForm quote={quote} plan={plan} previousByLine={new Map()} draft={byLines} />),
    /value="60"/,
    'a situation drafted line by line reopens line by line'
  )
  const untouched = invoicingPlan({ ...invoicing, invoices: [], invoicedTtcCents: 0, progressBp: 0 })
  t.notMatch(
    render(<FinalForm quote={quote} plan={untouched} draft={null} />),
    /Acompte F-|Situation F-/,
    'nothing invoiced yet: no deduction listed'
  )
  const situationForm = render(<SituationForm quote={quote} plan={plan} previousByLine={new Map([['l1', 4000]])} draft={null} />)
  t.match(situationForm, /Facture de situation n° 2/)
  t.match(
    situationForm,
    /Situation n° 2 : cumul 50 %, déjà facturé 40 % ; acompte déduit au prorata de l’avancement — [\d ]+,\d\d € TTC environ/,
    'the running statement, 10 points more by default'
  )
  t.match(
    situationForm,
    /<input type="checkbox"[^>]*aria-describedby="[^"]+-retention-hint"\/> Retenue de garantie/,
    'the retenue offered, off by default'
  )
  t.notMatch(situationForm, /Taux de la retenue|Autoliquidation/, 'no rate until ticked; no reverse charge for a private client')
  const editedSituation = {
    ...draft,
    kind: 'progress' as const,
    request: { kind: 'progress' as const, quoteId: quote.id, progressBp: 6000, retentionBp: 500 }
  }
  const editing = render(<SituationForm quote={quote} plan={plan} previousByLine={new Map()} draft={editedSituation} />)
  t.match(editing, /value="60"/, 'the draft’s progress')
  t.match(
    editing,
    /checked=""[^>]*\/> Retenue de garantie[\s\S]*Taux de la retenue \(%\)<\/label><input[^>]*value="5"/,
    'the draft’s retenue'
  )
  t.match(editing, />Enregistrer le brouillon</)
  t.match(
    render(<FinalForm quote={business} plan={plan} draft={null} />),
    /reste celui de la première facture de ce devis/,
    'a business client’s later invoice keeps the first one’s VAT regime'
  )
  const firstPlan = invoicingPlan({ ...invoicing, invoices: [], invoicedTtcCents: 0, progressBp: 0 })
  t.match(
    render(<DepositForm quote={business} plan={firstPlan} draft={null} />),
    /Autoliquidation \(sous-traitance du bâtiment\)[\s\S]*votre client, l’entreprise principale, déclare et paie la TVA/,
    'the reverse charge explained on the first invoice'
  )

  const standard = render(<StandardInvoiceForm savedClients={[]} draft={null} franchiseEnBase={false} />)
  t.match(
    standard,
    /<h2 id="[^"]+">Facture sans devis<\/h2>[\s\S]*Nom du client[\s\S]*Désignation \(ligne 1\)[\s\S]*Total HT 0,00 € · TVA 0,00 € · Total TTC 0,00 €/
  )
  t.notMatch(standard, /Client enregistré|SIREN/, 'no picker without saved clients; no SIREN for a private client')
  const franchised = render(
    <StandardInvoiceForm
      savedClients={[]}
      draft={{
        ...draft,
        kind: 'standard' as const,
        request: {
          kind: 'standard' as const,
          client: {
            kind: 'business' as const,
            name: 'Bâti Rhône SAS',
            company: 'Bâti Rhône SAS',
            address: '3 rue de la Part-Dieu\n69003 Lyon'
          },
          clientSiren: '732829320',
          lines: []
        }
      }}
      franchiseEnBase
    />
  )
  t.notMatch(franchised, /Autoliquidation/, 'under the 293 B franchise no reverse charge is offered, even to a business client')
  t.match(
    render(<ReminderSettings />),
    /<details class="invoice-export"><summary>Relances automatiques<\/summary><\/details>/,
    'the delays read only once opened'
  )
  t.match(
    render(<AccountantExport />),
    /<summary>Exporter pour le comptable<\/summary>[\s\S]*Tableur CSV[\s\S]*Journal des ventes au format FEC[\s\S]*Fichiers Factur-X \(ZIP\)/
  )
  t.match(render(<InvoiceNewPage />, '/espace/factures/nouvelle'), /<h1>Nouvelle facture<\/h1>/)

  t.match(
    render(<InvoicesPage />, '/espace/factures'),
    /<h1>Factures<\/h1>[\s\S]*<label for="[^"]+">Statut<\/label>[\s\S]*Chargement des factures…/
  )
  t.match(render(<InvoicePage />, '/espace/factures/x'), /<h1>Facture<\/h1>[\s\S]*Chargement…/)
  t.match(render(<QuoteInvoicingPage />, '/espace/devis/x/facturation'), /<h1>Facturer le devis<\/h1>/)

  const dashboard = {
    awaiting: { count: 0, totalTtcCents: 0 },
    signedThisMonth: { count: 1, totalTtcCents: 134_413 },
    signature: { signed: 1, closed: 1, ratePercent: 100 },
    remindersDue: 0,
    recent: []
  }
  const figures = render(
    <DashboardSummary
      dashboard={{ ...dashboard, receivables: { count: 3, remainingCents: 120_000, overdueCount: 2, overdueRemainingCents: 50_000 } }}
      quota={null}
    />
  )
  t.match(
    figures,
    /href="\/espace\/factures\?statut=en-retard"[^>]*><span class="dashboard__value">1 200,00 €<\/span><span class="dashboard__label">à encaisser<\/span><span class="dashboard__detail">3 factures, dont 2 en retard/
  )
  const none = render(
    <DashboardSummary
      dashboard={{ ...dashboard, receivables: { count: 0, remainingCents: 0, overdueCount: 0, overdueRemainingCents: 0 } }}
      quota={null}
    />
  )
  t.match(none, /href="\/espace\/factures\?statut=a-encaisser"[\s\S]*aucune facture en attente de paiement/)
})
