import { useEffect } from 'react'
import { clientDisplayName, type Quote } from '@paraphe/shared/quote'
import { useAccountPlan } from '@/hooks/use-account-plan'
import { useWorkspace } from '@/hooks/use-workspace'
import { useClientFromUrl } from '../hooks/use-client-from-url'
import { useDraft } from '../hooks/use-draft'
import { useQuoteActions } from '../hooks/use-quote-actions'
import { controlIdOf } from '../lib/field-ids'
import { DraftForm } from './draft-form'
import { QuoteActionsBar } from './quote-actions-bar'
import { SaveStatus } from './save-status'
import { parsePercentToBp } from '@/lib/percent'
import { DraftSidePanel } from './draft-side-panel'
import { usePdfPreview } from '../hooks/use-pdf-preview'
import { PdfPreviewDialog } from './pdf-preview-dialog'

export interface DraftScreenProps {
  quote: Quote
  /** Sent from here: the page shows the sent quote and its signing link. */
  onSent: (quote: Quote, signingUrl?: string) => void
  /** Load the quote again (after a conflict, or once sent from elsewhere). */
  onReload: () => void
  /** A draft not stored yet (id '') was created by the first input. */
  onCreated?: (quote: Quote) => void
}

/** The phone bar's « Envoyer »: the panel's send button, asked (its confirmation is a modal dialog), or the quota wall brought into view. */
function openSend() {
  const send = document.getElementById('quote-send')
  if (send !== null) return send.click()
  document.getElementById('quote-side')?.scrollIntoView({ block: 'end' })
}

/** A draft: the editor with its saved state, and beside it its totals and actions. */
export function DraftScreen({ quote, onSent, onReload, onCreated }: DraftScreenProps) {
  const { api } = useWorkspace()
  const draft = useDraft(quote, api, onCreated)
  useClientFromUrl(quote.id === '', draft.dispatch)
  const { state: account, refresh } = useAccountPlan()
  const plan = account.kind === 'ready' ? account.plan : null
  const actions = useQuoteActions({
    api,
    quote,
    saveFirst: () => draft.autosave.flush(),
    onChanged: (next, signingUrl) => {
      draft.autosave.abandon()
      onSent(next, signingUrl)
    }
  })
  // Refused at sending (the quota used up in another tab): the counter and the wall catch up.
  const refusedByPlan = actions.problem?.planLimit === true
  useEffect(() => {
    if (refusedByPlan) refresh()
  }, [refusedByPlan, refresh])
  const deposit = parsePercentToBp(draft.form.deposit)
  const pdf = usePdfPreview(api, quote.id, draft.saveState)
  const openPreview = () => {
    // What is typed but not saved yet is saved now: the preview then draws again.
    void draft.autosave.flush()
    pdf.preview.open()
  }
  return (
    <article className="quote-page quote-page--draft">
      <header className="quote-page__head">
        <h1>Brouillon de devis</h1>
        <p className="quote-page__status">
          <span className="quote-page__number">Numéro attribué à l’envoi</span>
        </p>
        <SaveStatus state={draft.saveState} onRetry={() => draft.autosave.retry()} onReload={onReload} />
      </header>
      <DraftForm
        form={draft.form}
        errors={draft.errors}
        live={draft.live}
        franchiseEnBase={quote.franchiseEnBase}
        dispatch={draft.dispatch}
        plan={plan}
      />
      <DraftSidePanel
        live={draft.live}
        franchiseEnBase={quote.franchiseEnBase}
        depositBp={deposit.ok ? deposit.value : 0}
        {...(quote.id === '' ? {} : { onSend: openSend, onPreview: openPreview })}
      >
        {quote.id === '' ? (
          <p className="quote-page__unsaved">Le brouillon est enregistré dès votre première saisie&#8239;; vous pourrez alors l’envoyer.</p>
        ) : (
          <QuoteActionsBar
            quote={quote}
            busy={actions.busy}
            problem={actions.problem}
            onAction={(action) => {
              if (action === 'delete') draft.autosave.abandon()
              actions.run(action)
            }}
            controlIdOf={(path) => controlIdOf(path, draft.form)}
            clientEmail={draft.form.client.email}
            sendSummary={{
              clientName: clientDisplayName(draft.form.client),
              clientEmail: draft.form.client.email,
              clientAddress: draft.form.client.address,
              totalHtCents: draft.live.totals?.totalHtCents ?? null,
              totalTtcCents: draft.live.totals?.totalTtcCents ?? null
            }}
            quota={account.kind === 'ready' ? { plan: account.plan, sentThisMonth: account.sentThisMonth } : null}
          />
        )}
      </DraftSidePanel>
      <PdfPreviewDialog state={pdf.state} onClose={() => pdf.preview.close()} onRetry={() => pdf.preview.retry()} />
    </article>
  )
}
