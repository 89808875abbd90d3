import { isAwaitingClient, type Quote } from '@paraphe/shared/quote'
import type { ActionProblem, QuoteAction } from '../lib/action-problems'
import { ActionProblemView } from './action-problem'
import { ConfirmAction } from './confirm-action'

export interface QuoteActionsBarProps {
  quote: Quote
  busy: QuoteAction | null
  problem: ActionProblem | null
  onAction: (action: QuoteAction) => void
  /** Where a missing value is typed (drafts), for the links of a refused sending. */
  controlIdOf: (path: string) => string | null
  /** The client's e-mail as currently typed (drafts) or sent. */
  clientEmail: string
}

/** What can be done with the quote now: a draft is sent or deleted, a sent one revised or cancelled. */
export function QuoteActionsBar({ quote, busy, problem, onAction, controlIdOf, clientEmail }: QuoteActionsBarProps) {
  const draft = quote.status === 'draft'
  const waiting = isAwaitingClient(quote.status)
  const working = busy !== null
  return (
    <section className="quote-actions" aria-labelledby="quote-actions-title">
      <h2 id="quote-actions-title" className="visually-hidden">
        Actions
      </h2>
      {problem === null ? null : <ActionProblemView problem={problem} controlIdOf={controlIdOf} />}
      <div className="quote-actions__buttons">
        {draft ? (
          <ConfirmAction
            label="Envoyer le devis"
            question={
              <>
                Envoyer ce devis à <strong>{clientEmail.trim() === '' ? 'votre client' : clientEmail.trim()}</strong>&#8239;? Il reçoit un
                lien pour le signer en ligne. Une fois envoyé, le devis ne peut plus être modifié
                («&#8239;Modifier&#8239;» en crée une nouvelle version).
              </>
            }
            confirmLabel="Confirmer l’envoi"
            onConfirm={() => onAction('send')}
            pending={busy === 'send'}
            pendingLabel="Envoi…"
            disabled={working}
            tone="primary"
          />
        ) : null}
        <button type="button" className="button button--ghost" onClick={() => onAction('pdf')} disabled={working}>
          {busy === 'pdf' ? 'Préparation du PDF…' : 'Télécharger le PDF'}
        </button>
        <button type="button" className="button button--ghost" onClick={() => onAction('duplicate')} disabled={working}>
          {busy === 'duplicate' ? 'Duplication…' : 'Dupliquer'}
        </button>
        {waiting ? (
          <ConfirmAction
            label="Modifier"
            question="Une nouvelle version de ce devis est créée en brouillon, et celui-ci est annulé&#8239;: le lien de signature envoyé ne fonctionnera plus. Vous enverrez la nouvelle version une fois modifiée."
            confirmLabel="Créer une nouvelle version"
            onConfirm={() => onAction('revise')}
            pending={busy === 'revise'}
            pendingLabel="Création…"
            disabled={working}
            tone="primary"
          />
        ) : null}
        {waiting ? (
          <ConfirmAction
            label="Annuler le devis"
            question="Votre client ne pourra plus le signer&#8239;: son lien de signature indiquera que le devis est annulé."
            confirmLabel="Oui, annuler le devis"
            onConfirm={() => onAction('cancel')}
            pending={busy === 'cancel'}
            pendingLabel="Annulation…"
            disabled={working}
            tone="danger"
          />
        ) : null}
        {draft ? (
          <ConfirmAction
            label="Supprimer le brouillon"
            question="Le brouillon est supprimé définitivement."
            confirmLabel="Oui, supprimer"
            onConfirm={() => onAction('delete')}
            pending={busy === 'delete'}
            pendingLabel="Suppression…"
            disabled={working}
            tone="danger"
          />
        ) : null}
      </div>
    </section>
  )
}
