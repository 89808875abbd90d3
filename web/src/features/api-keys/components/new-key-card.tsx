// The owner's form for a new API key (a name, write access or read only), or on a plan without
// the API, the plan that has it. Pure view: the page creates the key.
import type { FormEvent, RefObject } from 'react'
import { planWith } from '@paraphe/shared/plans'
import { PlanBadge, UpgradePrompt } from '@/components/ui/plan-badge'

export interface NewKeyCardProps {
  apiIncluded: boolean
  name: string
  canWrite: boolean
  nameProblem: string | null
  nameRef: RefObject<HTMLInputElement | null>
  working: boolean
  onNameChange: (name: string) => void
  onCanWriteChange: (canWrite: boolean) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
}

export function NewKeyCard({
  apiIncluded,
  name,
  canWrite,
  nameProblem,
  nameRef,
  working,
  onNameChange,
  onCanWriteChange,
  onSubmit
}: NewKeyCardProps) {
  return (
    <section className="card team-card" aria-labelledby="api-keys-new">
      {apiIncluded ? (
        <>
          <h2 id="api-keys-new">Nouvelle clé</h2>
          <form className="team-invite" noValidate onSubmit={onSubmit}>
            <div className={nameProblem === null ? 'field' : 'field field--invalid'}>
              <label htmlFor="api-key-name">Nom de la clé</label>
              <input
                ref={nameRef}
                id="api-key-name"
                type="text"
                autoComplete="off"
                maxLength={80}
                value={name}
                onChange={(event) => onNameChange(event.target.value)}
                aria-invalid={nameProblem === null ? undefined : true}
                aria-describedby={nameProblem === null ? undefined : 'api-key-name-error'}
              />
              {nameProblem === null ? null : (
                <p className="field__error" id="api-key-name-error">
                  {nameProblem}
                </p>
              )}
            </div>
            <div className="field field--checkbox">
              <input id="api-key-write" type="checkbox" checked={canWrite} onChange={(event) => onCanWriteChange(event.target.checked)} />
              <label htmlFor="api-key-write">
                Écriture : créer, modifier, envoyer, relancer et annuler des devis (sinon, lecture seule)
              </label>
            </div>
            <button type="submit" className="button button--primary" disabled={working}>
              Créer la clé
            </button>
          </form>
        </>
      ) : (
        <>
          <h2 id="api-keys-new">
            Nouvelle clé <PlanBadge plan={planWith('api')} />
          </h2>
          <p>
            <UpgradePrompt plan={planWith('api')}>L’accès à l’API est inclus dans la formule {planWith('api').name}.</UpgradePrompt>
          </p>
        </>
      )}
    </section>
  )
}
