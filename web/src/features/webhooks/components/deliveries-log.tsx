// One endpoint's latest deliveries: event, state, attempts, last answer, time, and « Renvoyer » for
// one not acknowledged yet. Pure view: the page loads and re-sends.
import { formatDateTime } from '@paraphe/shared/dates'
import type { WebhookDelivery } from '../api/webhooks-api'

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = { pending: 'En attente', delivered: 'Reçu', failed: 'Abandonné' }

export interface DeliveriesLogProps {
  endpointUrl: string
  deliveries: readonly WebhookDelivery[]
  working: boolean
  onRedeliver: (delivery: WebhookDelivery) => void
}

function lastAnswer(delivery: WebhookDelivery): string {
  if (delivery.lastStatusCode !== null) return String(delivery.lastStatusCode)
  if (delivery.lastError !== null) return delivery.lastError
  return '—'
}

export function DeliveriesLog({ endpointUrl, deliveries, working, onRedeliver }: DeliveriesLogProps) {
  if (deliveries.length === 0) return <p>Aucun événement envoyé à cette adresse pour l’instant.</p>
  return (
    <div className="webhook-log" role="region" aria-label={`Journal des envois vers ${endpointUrl}`} tabIndex={0}>
      <table>
        <caption>Derniers envois (50 au plus), du plus récent au plus ancien</caption>
        <thead>
          <tr>
            <th scope="col">Événement</th>
            <th scope="col">État</th>
            <th scope="col">Tentatives</th>
            <th scope="col">Dernière réponse</th>
            <th scope="col">Date</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <td>
                <code>{delivery.eventType}</code>
                <br />
                <small>{delivery.eventId}</small>
              </td>
              <td>{STATUS_LABELS[delivery.status]}</td>
              <td>{delivery.attempts}</td>
              <td>{lastAnswer(delivery)}</td>
              <td>{formatDateTime(delivery.deliveredAt ?? delivery.lastAttemptAt ?? delivery.createdAt)}</td>
              <td>
                {delivery.status === 'delivered' ? null : (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={working}
                    onClick={() => onRedeliver(delivery)}
                    aria-label={`Renvoyer ${delivery.eventType} ${delivery.eventId}`}
                  >
                    Renvoyer
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
