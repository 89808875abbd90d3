import type { ChangeEvent } from 'react'
import { planAllows, planWith, type Plan } from '@paraphe/shared/plans'
import { PlanBadge, UpgradePrompt } from '@/components/ui/plan-badge'
import type { LogoStatus } from '../lib/profile-actions'

export interface LogoFieldProps {
  /** Object URL of the current logo; null without one. */
  preview: string | null
  status: LogoStatus
  onFile: (file: File) => void
  onRemove: () => void
  disabled: boolean
  /** The account's plan once known: the logo is printed only on the plans that include it. */
  plan?: Plan | null
}

/** The logo printed at the top of the quotes: preview, replace, remove. */
export function LogoField({ preview, status, onFile, onRemove, disabled, plan = null }: LogoFieldProps) {
  // Kept on every plan (ready for the day the account upgrades), printed only where it is sold.
  const notPrinted = plan !== null && !planAllows(plan, 'logo')
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // The same file can be chosen again after an error.
    event.target.value = ''
    if (file !== undefined) onFile(file)
  }
  const busy = status.kind === 'busy'
  return (
    <section className="form-section logo-field" aria-labelledby="logo-title">
      <h2 id="logo-title" className="form-section__legend">
        Logo
        {notPrinted ? <PlanBadge plan={planWith('logo')} /> : null}
      </h2>
      <div className="logo-field__preview">
        {preview === null ? <p className="hint">Aucun logo pour l’instant.</p> : <img src={preview} alt="Votre logo actuel" />}
      </div>
      <div className={status.kind === 'failed' ? 'field field--invalid' : 'field'}>
        <label htmlFor="profile-logo">{preview === null ? 'Ajouter un logo' : 'Remplacer le logo'}</label>
        <p className="field__hint" id="profile-logo-hint">
          Image PNG ou JPEG, 500&nbsp;Ko au plus.{' '}
          {plan === null ? null : notPrinted ? (
            <UpgradePrompt plan={planWith('logo')}>
              Votre formule {plan.name} n’imprime pas le logo&#8239;: vous pouvez l’enregistrer dès maintenant, il figurera en haut de vos
              devis et dans vos e-mails aux clients avec la formule {planWith('logo').name}.
            </UpgradePrompt>
          ) : (
            'Il figure en haut de vos devis, dans vos e-mails aux clients et sur leur page de signature.'
          )}
        </p>
        {/* Styled like the other buttons; the input over it keeps the label above as its name. */}
        <span className={disabled || busy ? 'button button--ghost file-button file-button--disabled' : 'button button--ghost file-button'}>
          <span aria-hidden="true">{preview === null ? 'Choisir une image…' : 'Choisir une autre image…'}</span>
          <input
            id="profile-logo"
            type="file"
            accept="image/png,image/jpeg"
            onChange={choose}
            disabled={disabled || busy}
            aria-invalid={status.kind === 'failed' ? true : undefined}
            aria-describedby={status.kind === 'failed' ? 'profile-logo-hint profile-logo-error' : 'profile-logo-hint'}
            className="file-button__input"
          />
        </span>
        {status.kind === 'failed' ? (
          <p className="field__error" id="profile-logo-error" role="alert">
            {status.message}
          </p>
        ) : null}
      </div>
      <p className="logo-field__status" role="status">
        {status.kind === 'busy' ? status.label : status.kind === 'done' ? status.message : ''}
      </p>
      {preview === null ? null : (
        <button type="button" className="button button--ghost" onClick={onRemove} disabled={disabled || busy}>
          Retirer le logo
        </button>
      )}
    </section>
  )
}
