import { formatDateTime } from '@paraphe/shared/dates'
import type { ApiError } from '@/lib/api-client'
import type { QuoteEvent } from '../api/quotes-api'

export type EventsLoad = { kind: 'loading' } | { kind: 'ready'; events: QuoteEvent[] } | { kind: 'failed'; error: ApiError }

/** What happened to a sent quote, oldest first, with Paris times. */
export function EventsTimeline({ load }: { load: EventsLoad }) {
  return (
    <section className="timeline" aria-labelledby="quote-events-title">
      <h2 id="quote-events-title">Historique</h2>
      {load.kind === 'loading' ? (
        <p className="workspace-loading">Chargement de l’historique…</p>
      ) : load.kind === 'failed' ? (
        <p className="notice notice--error">L’historique n’a pas pu être chargé&#8239;: {load.error.message}</p>
      ) : load.events.length === 0 ? (
        <p>Rien pour l’instant.</p>
      ) : (
        <ol className="timeline__list">
          {load.events.map((event, index) => (
            <li key={`${event.occurredAt}-${index}`} className="timeline__item">
              <span className="timeline__label">{event.label}</span>{' '}
              <time className="timeline__time" dateTime={event.occurredAt}>
                {formatDateTime(event.occurredAt)}
              </time>
              {event.detail === undefined ? null : <q className="timeline__detail">{event.detail}</q>}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
