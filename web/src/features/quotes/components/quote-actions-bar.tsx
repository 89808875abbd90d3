import { quotaText, quotesLeft, type Plan } from '@paraphe/shared/plans'
import { isAwaitingClient, type Quote } from '@paraphe/shared/quote'
import type { ActionProblem, QuoteAction } from '../lib/action-problems'
import type { ReminderRule } from '../lib/reminder-rule'
import { ActionProblemView } from './action-problem'
import { ConfirmAction, type ConfirmActionProps } from '@/components/ui/confirm-action'
import { QuotaWall } from './quota-wall'
import { SendConfirmation, type SendSummary } from './send-confirmation'

export interface QuoteActionsBarProps {
  quote: Quote
  busy: QuoteAction | null
  problem: ActionProblem | null
  onAction: (action: QuoteAction) => void
  /** Where a missing value is typed (drafts), for the links of a refused sending. */
  controlIdOf: (path: string) => string | null
  /** The client's e-mail as currently typed (drafts) or sent. */
  clientEmail: string
  /** The account's plan and this month's sends, once known (drafts: the quota before the wall). */
  quota?: { plan: Plan; sentThisMonth: number } | null
  /** When the client may be reminded, once the history is known (quotes awaiting the client). */
  reminder?: ReminderRule | null
  /** What the send confirmation shows (drafts): the client and the amounts as currently typed. */
  sendSummary?: SendSummary
}

/** What can be done with the quote now: a draft is sent or deleted, a sent one revised or cancelled. */
export function QuoteActionsBar({
  quote,
  busy,
  problem,
  onAction,
  controlIdOf,
  clientEmail,
  quota = null,
  reminder = null,
  sendSummary
}: QuoteActionsBarProps) {
  const draft = quote.status === 'draft'
  const signed = quote.status === 'signed'
  const waiting = isAwaitingClient(quote.status)
  const working = busy !== null
  // Every asking action shares the bar's state: pending while it runs, disabled while any runs.
  const confirm = (action: QuoteAction, props: Omit<ConfirmActionProps, 'onConfirm' | 'pending' | 'disabled'>, disabled = false) => (
    <ConfirmAction {...props} onConfirm={() => onAction(action)} pending={busy === action} disabled={working || disabled} />
  )
  const counter = draft && quota !== null ? quotaText(quota.plan, quota.sentThisMonth) : null
  const wall = draft && quota !== null && quotesLeft(quota.plan, quota.sentThisMonth) === 0 ? quota : null
  return (
    <section className="quote-actions" aria-labelledby="quote-actions-title">
      <h2 id="quote-actions-title" className="visually-hidden">
        Actions
      </h2>
      {problem === null ? null : <ActionProblemView problem={problem} controlIdOf={controlIdOf} />}
      {counter === null ? null : <p className="quote-actions__quota">{counter}</p>}
      {waiting && reminder !== null ? (
        <p className="quote-actions__quota" id="quote-reminder-rule">
          {reminder.text}
        </p>
      ) : null}
      <div className="quote-actions__buttons">
        {wall !== null ? (
          <QuotaWall plan={wall.plan} limit={wall.plan.limits.quotesPerMonth ?? 0} />
        ) : draft ? (
          <SendConfirmation
            id="quote-send"
            summary={sendSummary ?? { clientName: '', clientEmail, clientAddress: '', totalHtCents: null, totalTtcCents: null }}
            onConfirm={() => onAction('send')}
            pending={busy === 'send'}
            disabled={working}
          />
        ) : null}
        {/* A signed quote's PDF is the sealed one, with its evidence: the document the professional came for. */}
        <button
          type="button"
          className={`button ${signed ? 'button--primary' : 'button--ghost'}`}
          onClick={() => onAction('pdf')}
          disabled={working}
        >
          {busy === 'pdf' ? 'Préparation du PDF…' : signed ? 'Télécharger le devis signé' : 'Télécharger le PDF'}
        </button>
        <button type="button" className="button button--ghost" onClick={() => onAction('duplicate')} disabled={working}>
          {busy === 'duplicate' ? 'Duplication…' : 'Dupliquer'}
        </button>
        {waiting ? (
          <>
            {confirm(
              'remind',
              {
                label: 'Relancer',
                question: (
                  <>
                    Envoyer un rappel à <strong>{clientEmail}</strong>&#8239;? Il reçoit un nouveau lien pour consulter et signer le devis.
                  </>
                ),
                confirmLabel: 'Envoyer la relance',
                pendingLabel: 'Relance…',
                tone: 'primary'
              },
              reminder !== null && !reminder.allowed
            )}
            {confirm('revise', {
              label: 'Modifier',
              question:
                'Une nouvelle version de ce devis est créée en brouillon, et celui-ci est annulé\u202f: le lien de signature envoyé ne fonctionnera plus. Vous enverrez la nouvelle version une fois modifiée.',
              confirmLabel: 'Créer une nouvelle version',
              pendingLabel: 'Création…',
              tone: 'primary'
            })}
            {confirm('cancel', {
              label: 'Annuler le devis',
              question: 'Votre client ne pourra plus le signer\u202f: son lien de signature indiquera que le devis est annulé.',
              confirmLabel: 'Oui, annuler le devis',
              pendingLabel: 'Annulation…',
              tone: 'danger'
            })}
          </>
        ) : null}
        {draft
          ? confirm('delete', {
              label: 'Supprimer le brouillon',
              question: 'Le brouillon est supprimé définitivement.',
              confirmLabel: 'Oui, supprimer',
              pendingLabel: 'Suppression…',
              tone: 'danger'
            })
          : null}
      </div>
    </section>
  )
}
