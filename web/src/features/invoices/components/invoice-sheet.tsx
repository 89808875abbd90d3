import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router-dom'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { formatLongDate } from '@paraphe/shared/dates'
import { creditedInvoiceText } from '@paraphe/shared/invoices/invoice-statements'
import { INVOICE_KIND_LABELS } from '@paraphe/shared/invoices/invoice-document'
import { formatEuros } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'
import { ConfirmAction } from '@/components/ui/confirm-action'
import { asApiError } from '@/lib/api-client'
import { invoicesApi } from '@/lib/invoices-api'
import { queryKeys } from '@/lib/query-keys'
import { saveFile } from '@/lib/save-file'
import { useWorkspace } from '@/hooks/use-workspace'
import { ClientLinkPanel } from './client-link-panel'
import { CreditNotePanel } from './credit-note-panel'
import { InvoiceBadge } from './invoice-cards'
import { InvoiceChainPanel } from './invoice-chain-panel'
import { TransmissionPanel } from './transmission-panel'
import { InvoiceLines } from './invoice-lines'
import { PaymentsPanel } from './payments-panel'

/** One invoice: a draft to review and issue, or an issued one with its files, payments and credit notes. */
export function InvoiceSheet({ invoice, onChanged }: { invoice: Invoice; onChanged: (invoice: Invoice) => void }) {
  const draft = invoice.status === 'draft'
  const kind = INVOICE_KIND_LABELS[invoice.kind]
  return (
    <article className="invoice-page">
      <header className="page-intro workspace-intro invoice-page__head">
        <p className="invoice-page__back">
          <Link to={paths.invoices.href()}>Toutes les factures</Link>
        </p>
        <h1>
          {kind} {draft ? '(brouillon)' : <span className="quote-number">{invoice.number}</span>}
        </h1>
        <p className="quote-page__status">
          <InvoiceBadge invoice={invoice} />
          <span>{invoice.clientName}</span>
          {invoice.issueDate === null ? null : <span>Émise le {formatLongDate(invoice.issueDate)}</span>}
          {invoice.dueDate === null || draft || invoice.kind === 'credit_note' ? null : (
            <span>Échéance le {formatLongDate(invoice.dueDate)}</span>
          )}
          <span>
            {formatEuros(invoice.totalTtcCents)} <abbr title="toutes taxes comprises">TTC</abbr>
          </span>
        </p>
        {invoice.document?.creditedInvoice == null ? null : <p>{creditedInvoiceText(invoice.document.creditedInvoice)}</p>}
      </header>
      {draft ? (
        <DraftActions invoice={invoice} onChanged={onChanged} issuable={invoice.document !== null} />
      ) : (
        <InvoiceFiles invoice={invoice} />
      )}
      {invoice.document === null ? (
        <p className="notice notice--warning" role="alert">
          {invoice.draftProblem ?? 'Ce brouillon ne peut pas être émis en l’état.'}{' '}
          {draftEditPath(invoice) === null
            ? 'Corrigez-le, puis supprimez ce brouillon et préparez-en un nouveau.'
            : 'Corrigez-le (dans votre profil, ou avec « Modifier le brouillon ») : le brouillon est recalculé à chaque ouverture.'}
        </p>
      ) : (
        <InvoiceLines document={invoice.document} />
      )}
      {!draft && invoice.kind !== 'credit_note' ? <PaymentsPanel invoice={invoice} onChanged={onChanged} /> : null}
      {draft ? null : (
        <TransmissionPanel
          invoiceId={invoice.id}
          credit={invoice.kind === 'credit_note'}
          creditable={invoice.kind !== 'credit_note' && invoice.creditedCents < invoice.totalTtcCents}
        />
      )}
      {draft ? null : <ClientLinkPanel invoice={invoice} onChanged={onChanged} />}
      {!draft && invoice.kind !== 'credit_note' ? <CreditNotePanel invoice={invoice} /> : null}
      <InvoiceChainPanel invoice={invoice} />
    </article>
  )
}

/** Where a draft is edited: its quote's invoicing form, or the invoice without a quote's; a credit note is prepared again. */
function draftEditPath(invoice: Invoice): string | null {
  if (invoice.kind === 'standard') return paths.invoiceNew.href(invoice.id)
  if (invoice.quoteId === null) return null
  const choice =
    invoice.kind === 'deposit' ? 'acompte' : invoice.kind === 'progress' ? 'situation' : invoice.kind === 'final' ? 'solde' : null
  return choice === null ? null : paths.quoteInvoicing.href(invoice.quoteId, choice, invoice.id)
}

/** « Émettre la facture » (after saying what it means), « Modifier le brouillon » and « Supprimer le brouillon ». */
function DraftActions({ invoice, onChanged, issuable }: { invoice: Invoice; onChanged: (invoice: Invoice) => void; issuable: boolean }) {
  const { api } = useWorkspace()
  const navigate = useNavigate()
  const [pending, setPending] = useState<'issue' | 'delete' | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const editPath = draftEditPath(invoice)
  const run = (what: 'issue' | 'delete') => {
    setPending(what)
    setProblem(null)
    const done =
      what === 'issue'
        ? invoicesApi.issue(api, invoice.id).then((issued) => {
            setPending(null)
            onChanged(issued)
          })
        : invoicesApi
            .removeDraft(api, invoice.id)
            .then(() => void navigate(invoice.quoteId === null ? paths.invoices.href() : paths.quoteInvoicing.href(invoice.quoteId)))
    done.catch((error: unknown) => {
      setPending(null)
      setProblem(asApiError(error).message)
    })
  }
  return (
    <section className="invoice-panel invoice-panel--draft" aria-labelledby="draft-title">
      <h2 id="draft-title">Brouillon à vérifier</h2>
      <p>
        Relisez la facture ci-dessous. Une fois émise, elle reçoit son numéro définitif, son fichier Factur-X est créé et elle ne peut plus
        être modifiée ni supprimée&#8239;: une erreur se corrige alors par un avoir.
      </p>
      {problem === null ? null : (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <div className="invoice-actions">
        {editPath === null ? null : (
          <Link to={editPath} className="button button--ghost">
            Modifier le brouillon
          </Link>
        )}
        <ConfirmAction
          label="Émettre la facture"
          question="Émettre cette facture\u202f? Elle recevra son numéro et ne pourra plus être modifiée, seulement corrigée par un avoir."
          confirmLabel="Oui, émettre la facture"
          onConfirm={() => run('issue')}
          pending={pending === 'issue'}
          pendingLabel="Émission…"
          disabled={pending !== null || !issuable}
          tone="primary"
        />
        <ConfirmAction
          label="Supprimer le brouillon"
          question="Supprimer ce brouillon\u202f? Aucun numéro ne lui a été donné."
          confirmLabel="Oui, supprimer"
          onConfirm={() => run('delete')}
          pending={pending === 'delete'}
          pendingLabel="Suppression…"
          disabled={pending !== null}
          tone="danger"
        />
      </div>
    </section>
  )
}

/** How often the page asks whether the PDF of an invoice just issued is stored. */
const PDF_POLL_MS = 1_000

/**
 * The Factur-X PDF (its XML inside) and the XML alone. The number comes first and the PDF is made
 * right after it: « en préparation » until it is stored (a download meanwhile makes it at once).
 */
function InvoiceFiles({ invoice }: { invoice: Invoice }) {
  const { userId, api } = useWorkspace()
  const [problem, setProblem] = useState<string | null>(null)
  // Until the PDF is stored, whether it is is asked every second: a key of its own, so an answer
  // read before a change made on the page never replaces the invoice the page shows.
  const stored = useQuery({
    queryKey: queryKeys.invoices.pdfReady(invoice.id),
    queryFn: async ({ signal }) => (await invoicesApi.get(api, invoice.id, signal)).pdfReady,
    enabled: userId !== null && !invoice.pdfReady,
    refetchInterval: (query) => (query.state.data === true ? false : PDF_POLL_MS)
  })
  const pdfReady = invoice.pdfReady || stored.data === true
  const download = (what: 'pdf' | 'xml') => {
    setProblem(null)
    invoicesApi[what](api, invoice.id).then(
      (file) => saveFile(file, `${invoice.number ?? 'facture'}.${what}`),
      (error: unknown) => setProblem(asApiError(error).message)
    )
  }
  return (
    <section className="invoice-panel" aria-labelledby="files-title">
      <h2 id="files-title">Fichiers</h2>
      {pdfReady ? null : (
        <p className="hint" role="status">
          PDF Factur-X en préparation&#8239;: il sera là dans quelques secondes.
        </p>
      )}
      <div className="invoice-actions">
        <button type="button" className="button button--primary" onClick={() => download('pdf')}>
          {invoice.kind === 'credit_note' ? 'Télécharger l’avoir (Factur-X)' : 'Télécharger la facture (Factur-X)'}
        </button>
        <button type="button" className="button button--ghost" onClick={() => download('xml')}>
          Télécharger le XML
        </button>
      </div>
      <p className="hint">
        Le PDF contient le fichier factur-x.xml&#8239;: c’est lui que lira la plateforme de votre client ou votre comptable.
      </p>
      {problem === null ? null : (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </section>
  )
}
