// The API reference page: how to authenticate, idempotency, rate limits and errors, the operations
// read from the OpenAPI document, and the webhooks. Pure view: the page fetches the document.
import { apiPaths, paths } from '@paraphe/shared/paths'
import type { ApiOutline } from '../lib/openapi-outline'
import { OperationReference } from './operations-reference'
import { WebhooksReference } from './webhooks-reference'

export type OutlineLoad = { kind: 'loading' } | { kind: 'ready'; outline: ApiOutline } | { kind: 'failed' }

const ERRORS: ReadonlyArray<[number, string, string]> = [
  [400, 'validation_failed, bad_request…', 'Requête mal formée ; fields nomme chaque champ refusé.'],
  [401, 'api_key_missing, invalid_api_key, api_key_revoked', 'Clé absente, inconnue ou révoquée (en-tête WWW-Authenticate).'],
  [
    403,
    'insufficient_scope, plan_feature_required, plan_limit',
    'Droit manquant (lecture ou écriture), formule sans l’API, quota du mois atteint ; upgrade indique la formule qui le permet.'
  ],
  [404, 'not_found', 'Devis inconnu, ou d’une autre entreprise.'],
  [409, 'quote_closed…, idempotency_in_progress', 'État du devis incompatible avec l’action, ou même Idempotency-Key déjà en cours.'],
  [422, 'idempotency_key_reused…', 'Même Idempotency-Key avec une autre requête, ou devis incomplet pour l’envoi.'],
  [429, 'rate_limited', 'Trop de requêtes : attendez le nombre de secondes de Retry-After.']
]

function Inline({ text }: { text: string }) {
  // The document's paragraphs mark code with backticks.
  return <>{text.split('`').map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}</>
}

export function ApiReferenceView({ load, onRetry }: { load: OutlineLoad; onRetry: () => void }) {
  return (
    <article className="api-reference">
      <header className="page-intro">
        <h1>Référence de l’API</h1>
        <p className="lead">
          L’API publique <code>/api/v1</code> (formule Entreprise) : créer, envoyer et suivre vos devis depuis votre logiciel, et être
          prévenu par webhook. Les noms des champs sont en anglais, les messages d’erreur en français. Document OpenAPI 3.1 :{' '}
          <a href={apiPaths.openApi}>{apiPaths.openApi}</a>.
        </p>
      </header>
      <nav className="card" aria-label="Sommaire de la référence">
        <ul>
          <li>
            <a href="#reference-auth">Authentification</a>
          </li>
          <li>
            <a href="#reference-idempotency">Idempotence et limites</a>
          </li>
          <li>
            <a href="#reference-errors">Erreurs</a>
          </li>
          <li>
            <a href="#reference-operations">Opérations</a>
          </li>
          <li>
            <a href="#reference-webhooks">Webhooks</a>
          </li>
        </ul>
      </nav>
      <section className="card api-reference__section" aria-labelledby="reference-auth">
        <h2 id="reference-auth">Authentification</h2>
        <p>
          Chaque requête porte <code>Authorization: Bearer paraphe_…</code>, une clé créée par le propriétaire de l’entreprise dans{' '}
          <a href={paths.apiKeys.href()}>son espace, page « API »</a>. Une clé a le droit <code>read</code> (les <code>GET</code>),{' '}
          <code>write</code> (le reste), ou les deux ; elle agit au nom du membre qui l’a créée, sur les devis de son entreprise seulement.
          Une clé révoquée est refusée dès la requête suivante.
        </p>
      </section>
      <section className="card api-reference__section" aria-labelledby="reference-idempotency">
        <h2 id="reference-idempotency">Idempotence et limites</h2>
        <p>
          Chaque <code>POST</code> accepte un en-tête <code>Idempotency-Key</code> (jusqu’à 255 caractères) : la première réponse est
          conservée 24 heures et rejouée telle quelle (en-tête <code>idempotent-replayed: true</code>) ; la même clé avec une autre requête
          est refusée (422), et un doublon envoyé pendant que la première requête s’exécute reçoit 409.
        </p>
        <p>
          Le nombre de requêtes par minute et par clé est limité ; au-delà, la réponse est 429 avec <code>Retry-After</code>. La limite de
          ce service est donnée ci-dessous, avec les opérations.
        </p>
      </section>
      <section className="card api-reference__section" aria-labelledby="reference-errors">
        <h2 id="reference-errors">Erreurs</h2>
        <p>
          Un refus a la forme <code>{'{ "error": { "code", "message", "fields"?, "upgrade"? } }'}</code>, le message en français, prêt à
          être montré.
        </p>
        <div className="api-reference__table" role="region" aria-label="Codes d’erreur" tabIndex={0}>
          <table>
            <caption>Statuts et codes d’erreur</caption>
            <thead>
              <tr>
                <th scope="col">Statut</th>
                <th scope="col">Codes</th>
                <th scope="col">Quand</th>
              </tr>
            </thead>
            <tbody>
              {ERRORS.map(([status, codes, when]) => (
                <tr key={status}>
                  <td>{status}</td>
                  <td>
                    <code>{codes}</code>
                  </td>
                  <td>{when}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card api-reference__section" aria-labelledby="reference-operations">
        <h2 id="reference-operations">Opérations</h2>
        {load.kind === 'loading' ? <p role="status">Chargement des opérations…</p> : null}
        {load.kind === 'failed' ? (
          <div className="notice notice--error" role="alert">
            <p>
              Le document OpenAPI n’a pas pu être chargé. Il reste consultable à l’adresse <a href={apiPaths.openApi}>{apiPaths.openApi}</a>
              .
            </p>
            <button type="button" className="button button--ghost" onClick={onRetry}>
              Réessayer
            </button>
          </div>
        ) : null}
        {load.kind === 'ready' ? (
          <>
            <p>
              Adresse de base : <code>{load.outline.server}</code>
            </p>
            {load.outline.description.map((paragraph) => (
              <p key={paragraph}>
                <Inline text={paragraph} />
              </p>
            ))}
            {load.outline.operations.map((operation) => (
              <OperationReference key={operation.id} operation={operation} />
            ))}
          </>
        ) : null}
      </section>
      <WebhooksReference />
    </article>
  )
}
