import { Link, useParams, useSearchParams } from 'react-router-dom'
import type { Invoice, QuoteInvoicing } from '@paraphe/shared/api/invoice-schemas'
import { bankDetailsRequest, PROFILE_SECTIONS } from '@paraphe/shared/profile-steps'
import type { InvoiceLine } from '@paraphe/shared/invoices/invoice-document'
import { formatLongDate } from '@paraphe/shared/dates'
import { paths, type InvoicingChoice } from '@paraphe/shared/paths'
import type { Quote } from '@paraphe/shared/quote'
import { LoadFailure, LoadingStatus } from '@/components/ui/load-state'
import { useQuery } from '@tanstack/react-query'
import { useInvalidate } from '@/hooks/use-invalidate'
import { useProfile } from '@/hooks/use-profile'
import { useWorkspace } from '@/hooks/use-workspace'
import { useHydrated } from '@/hooks/use-hydrated'
import type { ApiClient } from '@/lib/api-client'
import { invoicesApi } from '@/lib/invoices-api'
import { loadOf } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import type { RouteHandle } from '@/lib/route-handle'
import { invoicingApi } from '../api/invoicing-api'
import { DepositForm, FinalForm, SituationForm } from '../components/invoicing-forms'
import { InvoicingSummary } from '../components/invoicing-summary'
import { invoicingPlan, previousLineProgress, type InvoicingPlan } from '../lib/invoicing-plan'

export const handle: RouteHandle = {
  title: 'Facturer le devis',
  description: 'Facture d’acompte, factures de situation et facture de solde d’un devis signé.'
}

export { QuoteInvoicingPage as Component }

interface InvoicingData {
  quote: Quote
  invoicing: QuoteInvoicing
  /** The last situation's lines: how far each quote line has been invoiced. */
  lastSituationLines: InvoiceLine[] | null
  /** The draft of this quote being edited (`?brouillon=`), null when a new one is prepared. */
  draft: Invoice | null
}

async function loadInvoicing(api: ApiClient, id: string, draftId: string | null, signal: AbortSignal): Promise<InvoicingData> {
  const [quote, invoicing, asked] = await Promise.all([
    invoicingApi.quote(api, id, signal),
    invoicesApi.quoteInvoicing(api, id, signal),
    draftId === null ? Promise.resolve(null) : invoicesApi.get(api, draftId, signal)
  ])
  const last = invoicing.invoices.filter((invoice) => invoice.kind === 'progress' && invoice.status === 'issued').at(-1)
  const lastSituationLines = last === undefined ? null : ((await invoicesApi.get(api, last.id, signal)).document?.lines ?? null)
  // Only a draft of this very quote is edited here; an issued invoice never is.
  const draft = asked !== null && asked.status === 'draft' && asked.quoteId === id ? asked : null
  return { quote, invoicing, lastSituationLines, draft }
}

const CHOICE_OF_KIND: Partial<Record<Invoice['kind'], InvoicingChoice>> = { deposit: 'acompte', progress: 'situation', final: 'solde' }

const CHOICES: ReadonlyArray<{ choice: InvoicingChoice; label: string; allowed: (plan: InvoicingPlan) => boolean }> = [
  { choice: 'acompte', label: 'Facturer l’acompte', allowed: (plan) => plan.canDeposit },
  { choice: 'situation', label: 'Facture de situation', allowed: (plan) => plan.canProgress },
  { choice: 'solde', label: 'Facture de solde', allowed: (plan) => plan.canFinal }
]

/** `/espace/devis/:id/facturation?facture=acompte`: what the signed quote has been invoiced, and the next invoice. */
function QuoteInvoicingPage() {
  const { id = '' } = useParams()
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  // The prerender knows no query string: the draft to edit is read once hydrated.
  const draftId = hydrated ? searchParams.get('brouillon') : null
  const { userId, api } = useWorkspace()
  // What this page reads together, under the quote's invoicing key (a new invoice of the quote
  // invalidates it); the profile (bank details asked for) is the workspace's shared read.
  const page = useQuery({
    queryKey: [...queryKeys.invoices.ofQuote(id), 'page', draftId],
    queryFn: ({ signal }) => loadInvoicing(api, id, draftId, signal),
    enabled: userId !== null
  })
  const profile = useProfile()
  const load = loadOf(page)
  const profileLoad = loadOf(profile)
  const reload = useInvalidate(queryKeys.invoices.ofQuote(id))
  const retryProfile = useInvalidate(queryKeys.profile)
  if (profileLoad.kind === 'failed') {
    return (
      <article className="invoicing-page">
        <header className="page-intro workspace-intro">
          <h1>Facturer le devis</h1>
        </header>
        <LoadFailure error={profileLoad.error} onRetry={() => void retryProfile()} />
      </article>
    )
  }
  if (load.kind !== 'ready' || load.data.quote.id !== id || profileLoad.kind !== 'ready') {
    return (
      <article className="invoicing-page">
        <header className="page-intro workspace-intro">
          <h1>Facturer le devis</h1>
        </header>
        {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={() => void reload()} /> : <LoadingStatus />}
      </article>
    )
  }
  const { quote, invoicing, lastSituationLines, draft } = load.data
  /** The bank details asked for, when the profile has none yet (see shared/profile-steps). */
  const bankRequest = bankDetailsRequest(profileLoad.data.profile, 'invoice')
  const plan = invoicingPlan(invoicing)
  const allowed = CHOICES.filter((entry) => entry.allowed(plan))
  const askedChoice = draft === null ? searchParams.get('facture') : CHOICE_OF_KIND[draft.kind]
  const asked = hydrated ? CHOICES.find((entry) => entry.choice === askedChoice) : undefined
  // A situation once the work has started; the deposit before; the first allowed otherwise.
  const current =
    asked !== undefined && asked.allowed(plan)
      ? asked
      : (allowed.find((entry) => entry.choice === (plan.invoicedTtcCents === 0 ? 'acompte' : 'situation')) ?? allowed[0])
  // The draft's own form, or a new invoice when the draft's kind is no longer possible.
  const editing = draft !== null && current !== undefined && CHOICE_OF_KIND[draft.kind] === current.choice ? draft : null
  return (
    <article className="invoicing-page">
      <header className="page-intro workspace-intro">
        <p className="invoice-page__back">
          <Link to={paths.quote.href(quote.id)}>
            Revenir au devis <span className="quote-number">{quote.number}</span>
          </Link>
        </p>
        <h1>
          Facturer le devis <span className="quote-number">{quote.number}</span>
        </h1>
        <p className="lead">
          {quote.title.trim() === '' ? null : `${quote.title} — `}
          {quote.client.kind === 'business' && quote.client.company.trim() !== '' ? quote.client.company : quote.client.name}
        </p>
      </header>
      {quote.status !== 'signed' ? (
        <p className="notice notice--warning">Seul un devis signé se facture&#8239;: ce devis ne l’est pas.</p>
      ) : (
        <>
          {bankRequest === null ? null : (
            <p className="notice notice--warning invoicing-page__bank">
              {bankRequest} <Link to={`${paths.profile.href()}#${PROFILE_SECTIONS.bank}`}>Ajouter mes coordonnées bancaires</Link>
            </p>
          )}
          <InvoicingSummary plan={plan} invoices={invoicing.invoices} />
          {current === undefined ? (
            <p className="notice notice--success">Ce devis est entièrement facturé.</p>
          ) : (
            <>
              {editing === null ? null : (
                <p className="notice">
                  Vous modifiez le brouillon préparé le {formatLongDate(editing.createdAt.slice(0, 10))}&#8239;:{' '}
                  <Link to={paths.invoice.href(editing.id)}>revenir au brouillon sans le modifier</Link>.
                </p>
              )}
              <nav className="invoicing-choices" aria-label="Facture à préparer" hidden={editing !== null}>
                <ul>
                  {allowed.map((entry) => (
                    <li key={entry.choice}>
                      <Link
                        to={paths.quoteInvoicing.href(quote.id, entry.choice)}
                        aria-current={entry.choice === current.choice ? 'page' : undefined}
                        className={entry.choice === current.choice ? 'button button--primary' : 'button button--ghost'}
                      >
                        {entry.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
              {current.choice === 'acompte' ? <DepositForm key="acompte" quote={quote} plan={plan} draft={editing} /> : null}
              {current.choice === 'situation' ? (
                <SituationForm
                  key="situation"
                  quote={quote}
                  plan={plan}
                  previousByLine={previousLineProgress(lastSituationLines)}
                  draft={editing}
                />
              ) : null}
              {current.choice === 'solde' ? <FinalForm key="solde" quote={quote} plan={plan} draft={editing} /> : null}
            </>
          )}
        </>
      )}
    </article>
  )
}
