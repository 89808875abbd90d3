// The owner's form for a new webhook endpoint (its URL, the events it receives), or on a plan
// without webhooks, the plan that has them. Pure view: the page creates the endpoint.
import type { FormEvent, RefObject } from 'react'
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX_LENGTH } from '@paraphe/shared/api/webhook-schemas'
import { planWith } from '@paraphe/shared/plans'
import { PlanBadge, UpgradePrompt } from '@/components/ui/plan-badge'
import type { WebhookEventType } from '../api/webhooks-api'

export interface NewEndpointProblems {
  url?: string
  events?: string
}

export interface NewEndpointCardProps {
  included: boolean
  url: string
  events: readonly WebhookEventType[]
  problems: NewEndpointProblems
  urlRef: RefObject<HTMLInputElement | null>
  working: boolean
  onUrlChange: (url: string) => void
  onEventToggle: (type: WebhookEventType, chosen: boolean) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
}

export function NewEndpointCard({
  included,
  url,
  events,
  problems,
  urlRef,
  working,
  onUrlChange,
  onEventToggle,
  onSubmit
}: NewEndpointCardProps) {
  const plan = planWith('api')
  if (!included) {
    return (
      <section className="card team-card" aria-labelledby="webhooks-new">
        <h2 id="webhooks-new">
          Nouvelle adresse <PlanBadge plan={plan} />
        </h2>
        <p>
          <UpgradePrompt plan={plan}>Les webhooks sont inclus dans la formule {plan.name}, avec l’API.</UpgradePrompt>
        </p>
      </section>
    )
  }
  return (
    <section className="card team-card" aria-labelledby="webhooks-new">
      <h2 id="webhooks-new">Nouvelle adresse</h2>
      <form className="team-invite" noValidate onSubmit={onSubmit}>
        <div className={problems.url === undefined ? 'field' : 'field field--invalid'}>
          <label htmlFor="webhook-url">Adresse (URL) de votre serveur</label>
          <input
            ref={urlRef}
            id="webhook-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://erp.exemple.fr/paraphe/webhooks"
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            value={url}
            onChange={(event) => onUrlChange(event.target.value)}
            aria-invalid={problems.url === undefined ? undefined : true}
            aria-describedby={problems.url === undefined ? 'webhook-url-hint' : 'webhook-url-hint webhook-url-error'}
          />
          <p className="field__hint" id="webhook-url-hint">
            Paraphe y envoie une requête POST signée à chaque événement choisi.
          </p>
          {problems.url === undefined ? null : (
            <p className="field__error" id="webhook-url-error">
              {problems.url}
            </p>
          )}
        </div>
        <fieldset className="choice-group" aria-describedby={problems.events === undefined ? undefined : 'webhook-events-error'}>
          <legend className="choice-group__legend">Événements envoyés</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <div className="field field--checkbox" key={type}>
              <input
                id={`webhook-event-${type}`}
                type="checkbox"
                checked={events.includes(type)}
                onChange={(event) => onEventToggle(type, event.target.checked)}
              />
              <label htmlFor={`webhook-event-${type}`}>
                <code>{type}</code> — {WEBHOOK_EVENT_LABELS[type]}
              </label>
            </div>
          ))}
          {problems.events === undefined ? null : (
            <p className="field__error" id="webhook-events-error">
              {problems.events}
            </p>
          )}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={working}>
          Ajouter l’adresse
        </button>
      </form>
    </section>
  )
}
