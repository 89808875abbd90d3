import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { formatDateTime, formatLongDate } from '@paraphe/shared/dates'
import { paths } from '@paraphe/shared/paths'
import { isAwaitingClient, type Quote } from '@paraphe/shared/quote'
import { useAccountPlan } from '@/hooks/use-account-plan'
import { useWorkspace } from '@/hooks/use-workspace'
import { loadOf } from '@/lib/query-load'
import { useQuoteEvents } from '../api/get-quote-events'
import { useQuoteActions } from '../hooks/use-quote-actions'
import { dayOf } from '../lib/format-day'
import { lastReminder, reminderRule } from '../lib/reminder-rule'
import { AutomaticReminders } from './automatic-reminders'
import { EventsTimeline, type EventsLoad } from './events-timeline'
import { FrozenQuote } from './frozen-quote'
import { QuoteActionsBar } from './quote-actions-bar'
import { QuoteInvoicingBox } from './quote-invoicing-box'
import { SigningLink } from './signing-link'
import { StatusBadge } from '@/components/ui/status-badge'

export interface SentScreenProps {
  quote: Quote
  /** Right after sending: the link the client got. */
  signingUrl: string | null
  onChanged: (quote: Quote) => void
}

/** A quote that is no longer a draft: read-only, its history, and what can still be done. */
export function SentScreen({ quote, signingUrl, onChanged }: SentScreenProps) {
  const { api } = useWorkspace()
  const [reminded, setReminded] = useState(0)
  const actions = useQuoteActions({ api, quote, onChanged, onReminded: () => setReminded((count) => count + 1) })
  const account = useAccountPlan().state
  const eventsQuery = useQuoteEvents(quote.id)
  const shown = loadOf(eventsQuery)
  const events: EventsLoad = shown.kind === 'ready' ? { kind: 'ready', events: shown.data } : shown
  // A reminder adds to the history: read again, as any change of the quote does (useQuoteChanged).
  const { refetch } = eventsQuery
  useEffect(() => {
    if (reminded > 0) void refetch()
  }, [reminded, refetch])
  const waiting = isAwaitingClient(quote.status)
  const reminder = events.kind === 'ready' ? reminderRule(lastReminder(events.events), new Date()) : null
  return (
    <article className="quote-page">
      <SentHeader quote={quote} signature={signatureOf(events)} />
      {quote.status === 'declined' ? <DeclineNotice events={events} /> : null}
      {quote.status === 'signed' ? <QuoteInvoicingBox quote={quote} /> : null}
      {signingUrl === null ? null : <SigningLink url={signingUrl} email={quote.client.email} />}
      {reminded > 0 && actions.problem === null ? (
        <p className="notice notice--success workspace-notice" role="status">
          Relance envoyée à {quote.client.email}, avec un nouveau lien de signature.
        </p>
      ) : null}
      <QuoteActionsBar
        quote={quote}
        busy={actions.busy}
        problem={actions.problem}
        onAction={actions.run}
        controlIdOf={() => null}
        clientEmail={quote.client.email}
        reminder={reminder}
      />
      {waiting && account.kind === 'ready' ? <AutomaticReminders plan={account.plan} /> : null}
      <FrozenQuote quote={quote} />
      <EventsTimeline load={events} />
    </article>
  )
}

/** What the document is for its reader now: awaiting a signature, signed, or closed. */
function frozenHint(quote: Quote): string {
  if (isAwaitingClient(quote.status)) return 'Un devis envoyé ne change plus\u202f: c’est ce document que votre client signe.'
  if (quote.status === 'signed') return 'Votre client a signé ce document\u202f: c’est le devis accepté, tel qu’il l’a lu.'
  if (quote.status === 'declined')
    return 'Votre client a refusé ce devis. Pour lui en proposer un autre, dupliquez-le et modifiez la copie.'
  return 'Ce devis ne peut plus être signé.'
}

/** A decline's reason, as the client wrote it, at the top of the quote. */
export function DeclineNotice({ events }: { events: EventsLoad }) {
  if (events.kind !== 'ready') return null
  const declined = events.events.filter((event) => event.type === 'declined').at(-1)
  if (declined === undefined) return null
  return (
    <div className="notice workspace-notice">
      <p>
        <strong>Devis refusé par votre client</strong> le {formatDateTime(declined.occurredAt)}.
      </p>
      {declined.detail === undefined ? (
        <p>Il n’a pas indiqué de motif.</p>
      ) : (
        <p>
          Son motif&#8239;: <q>{declined.detail}</q>
        </p>
      )}
    </div>
  )
}

/** Who signed and when, from the history (null until it is loaded, or for a quote not signed). */
export interface SignatureLine {
  signerName: string
  signedAt: string
}

export function signatureOf(events: EventsLoad): SignatureLine | null {
  if (events.kind !== 'ready') return null
  const signed = events.events.filter((event) => event.type === 'signed').at(-1)
  return signed === undefined ? null : { signerName: signed.signerName ?? '', signedAt: signed.occurredAt }
}

export function SentHeader({ quote, signature = null }: { quote: Quote; signature?: SignatureLine | null }) {
  // Signed: the signature is the news, first on the line; the sending and the validity no longer matter.
  const signedLine = quote.status === 'signed' && signature !== null ? signature : null
  return (
    <header className="quote-page__head">
      <h1>
        Devis
        {quote.number === null ? null : (
          <>
            {' '}
            <span className="quote-number">{quote.number}</span>
          </>
        )}
      </h1>
      <p className="quote-page__status">
        <StatusBadge status={quote.status} />
        {signedLine === null ? null : (
          <strong className="quote-page__signed">
            Signé le {formatDateTime(signedLine.signedAt)}
            {signedLine.signerName === '' ? null : <> par {signedLine.signerName}</>}
          </strong>
        )}
        {quote.sentAt === null ? null : <span>Envoyé le {dayOf(quote.sentAt)}</span>}
        {quote.expiresOn === null || quote.status === 'signed' ? null : <span>Valable jusqu’au {formatLongDate(quote.expiresOn)}</span>}
      </p>
      <p className="hint">{frozenHint(quote)}</p>
      {quote.replacedBy === null ? null : (
        <p className="notice">
          Ce devis a été remplacé par une nouvelle version. <Link to={paths.quote.href(quote.replacedBy)}>Voir la nouvelle version</Link>
        </p>
      )}
    </header>
  )
}
