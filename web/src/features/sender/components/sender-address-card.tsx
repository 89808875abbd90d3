// The owner's form for the sender address (a new one, or another one in its place), or on a plan
// without it, the plan that has it. Pure view: the page saves.
import type { FormEvent, RefObject } from 'react'
import { planWith } from '@paraphe/shared/plans'
import { PlanBadge, UpgradePrompt } from '@/components/ui/plan-badge'

export interface SenderAddressCardProps {
  included: boolean
  /** The address in use, if any: the form then replaces it. */
  current: string | null
  address: string
  problem: string | null
  inputRef: RefObject<HTMLInputElement | null>
  working: boolean
  onAddressChange: (address: string) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
}

export function SenderAddressCard({
  included,
  current,
  address,
  problem,
  inputRef,
  working,
  onAddressChange,
  onSubmit
}: SenderAddressCardProps) {
  const title = current === null ? 'Votre adresse d’expédition' : 'Changer d’adresse'
  if (!included) {
    return (
      <section className="card team-card" aria-labelledby="sender-address">
        <h2 id="sender-address">
          {title} <PlanBadge plan={planWith('customSender')} />
        </h2>
        <p>
          <UpgradePrompt plan={planWith('customSender')}>
            L’envoi depuis votre propre adresse est inclus dans la formule {planWith('customSender').name}.
          </UpgradePrompt>
        </p>
      </section>
    )
  }
  return (
    <section className="card team-card" aria-labelledby="sender-address">
      <h2 id="sender-address">{title}</h2>
      <form className="team-invite" noValidate onSubmit={onSubmit}>
        <div className={problem === null ? 'field' : 'field field--invalid'}>
          <label htmlFor="sender-address-input">Adresse e-mail de votre domaine</label>
          <p className="field__hint" id="sender-address-hint">
            Par exemple devis@votre-entreprise.fr.{' '}
            {current === null ? '' : 'Une nouvelle adresse demande une nouvelle confirmation et un nouvel enregistrement DNS.'}
          </p>
          <input
            ref={inputRef}
            id="sender-address-input"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={address}
            onChange={(event) => onAddressChange(event.target.value)}
            aria-invalid={problem === null ? undefined : true}
            aria-describedby={problem === null ? 'sender-address-hint' : 'sender-address-hint sender-address-error'}
          />
          {problem === null ? null : (
            <p className="field__error" id="sender-address-error">
              {problem}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary" disabled={working}>
          {current === null ? 'Utiliser cette adresse' : 'Remplacer l’adresse'}
        </button>
      </form>
    </section>
  )
}
