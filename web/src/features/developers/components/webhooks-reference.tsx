// The webhooks' part of the API reference: events, body, headers, retries, and the verification
// snippet (the tested one). Static: everything here is the gateway's fixed behaviour.
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SIGNATURE_HEADER
} from '@paraphe/shared/api/webhook-schemas'
import { paths } from '@paraphe/shared/paths'
import { VERIFY_WEBHOOK_SNIPPET } from '../lib/verify-snippet'

const EXAMPLE = `{
  "id": "evt_3f9c2a7e5b1d4c8e9a0b6d2f4e8c1a7b",
  "type": "quote.signed",
  "created": 1764072000,
  "data": {
    "quote": {
      "id": "0b8e…",
      "number": "DEV-2026-0042",
      "title": "Rénovation de la salle de bains",
      "clientName": "Élise Martin",
      "url": "https://…/api/v1/quotes/0b8e…"
    },
    "occurredAt": "2026-11-25T12:00:00.000Z",
    "signerName": "Élise Martin",
    "signedPdf": {
      "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
      "url": "https://…/api/v1/quotes/0b8e…/signed-pdf"
    }
  }
}`

export function WebhooksReference() {
  return (
    <section className="card api-reference__section" aria-labelledby="reference-webhooks">
      <h2 id="reference-webhooks">Webhooks</h2>
      <p>
        Le propriétaire de l’entreprise enregistre les adresses de son serveur dans{' '}
        <a href={paths.webhooks.href()}>son espace, page « Webhooks »</a> (formule Entreprise) et choisit les événements de chacune. Paraphe
        envoie alors une requête <code>POST</code> en JSON à chaque événement.
      </p>
      <h3>Événements</h3>
      <dl className="api-reference__events">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <div key={type}>
            <dt>
              <code>{type}</code>
            </dt>
            <dd>{WEBHOOK_EVENT_LABELS[type]}</dd>
          </div>
        ))}
      </dl>
      <h3>Corps</h3>
      <p>
        <code>{'{ id, type, created, data }'}</code> : <code>id</code> identifie l’événement (le même à chaque nouvelle tentative et à
        chaque « Renvoyer »), <code>created</code> est un horodatage Unix en secondes. <code>data.quote</code> porte <code>id</code>,{' '}
        <code>number</code>, <code>title</code>, <code>clientName</code> et <code>url</code> (le devis dans l’API) ;{' '}
        <code>data.occurredAt</code> la date de l’événement. <code>quote.declined</code> ajoute <code>reason</code> (le motif saisi par le
        client, éventuellement vide) ; <code>quote.signed</code> ajoute <code>signerName</code> et <code>signedPdf</code> (<code>url</code>{' '}
        du PDF signé et scellé dans l’API, avec une clé de lecture, et son <code>sha256</code>). Les événements <code>invoice.*</code>{' '}
        portent <code>data.invoice</code> (<code>id</code>, <code>number</code>, <code>kind</code>, <code>clientName</code>, montants, dates
        et <code>url</code>) ; <code>invoice.status_changed</code> ajoute <code>data.status</code> (<code>code</code> du cycle de vie, de
        200 « Déposée » à 213 « Rejetée », <code>label</code> en français, <code>reason</code> : le motif donné, ou <code>null</code>) et{' '}
        <code>data.source</code> (<code>platform</code> : la plateforme agréée), une fois par statut reçu. Exemple :
      </p>
      <pre className="api-reference__code" tabIndex={0} aria-label="Exemple de corps quote.signed">
        <code>{EXAMPLE}</code>
      </pre>
      <h3>En-têtes, réponses et nouvelles tentatives</h3>
      <ul>
        <li>
          <code>{WEBHOOK_SIGNATURE_HEADER}: t=&lt;horodatage&gt;,v1=&lt;signature&gt;</code> : HMAC-SHA256 en hexadécimal, avec le secret de
          l’adresse (<code>whsec_…</code>), de <code>{'`${t}.${corps}`'}</code>.
        </li>
        <li>
          <code>{WEBHOOK_EVENT_ID_HEADER}</code> : l’identifiant de l’événement, pour ignorer un doublon.
        </li>
        <li>
          Répondez par un statut 2xx en moins de 10 secondes : l’événement n’est alors plus jamais renvoyé. Sinon (autre statut, délai
          dépassé, serveur injoignable), il est retenté après 30 s, 1 min, 2 min… en doublant jusqu’à une heure, 12 tentatives en tout
          (environ 6 heures), puis abandonné ; le journal des envois de la page « Webhooks » montre chaque adresse, et « Renvoyer » le remet
          dans la file.
        </li>
        <li>Les redirections ne sont pas suivies. Les adresses doivent être en https et joignables depuis Internet.</li>
      </ul>
      <h3>Vérifier la signature (Node)</h3>
      <p>
        Vérifiez la signature sur le corps brut, avant de l’analyser, avec une comparaison en temps constant (
        <code>crypto.timingSafeEqual</code>), et refusez un horodatage de plus de 5 minutes :
      </p>
      <pre className="api-reference__code" tabIndex={0} aria-label="Vérification de la signature en TypeScript pour Node">
        <code>{VERIFY_WEBHOOK_SNIPPET}</code>
      </pre>
    </section>
  )
}
