import type { ChangeEvent } from 'react'
import type { LogoStatus } from '../lib/profile-actions'

export interface LogoFieldProps {
  /** Object URL of the current logo; null without one. */
  preview: string | null
  status: LogoStatus
  onFile: (file: File) => void
  onRemove: () => void
  disabled: boolean
}

/** The logo printed at the top of the quotes: preview, replace, remove. */
export function LogoField({ preview, status, onFile, onRemove, disabled }: LogoFieldProps) {
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
      </h2>
      <div className="logo-field__preview">
        {preview === null ? <p className="hint">Aucun logo pour l’instant.</p> : <img src={preview} alt="Votre logo actuel" />}
      </div>
      <div className={status.kind === 'failed' ? 'field field--invalid' : 'field'}>
        <label htmlFor="profile-logo">{preview === null ? 'Ajouter un logo' : 'Remplacer le logo'}</label>
        <p className="field__hint" id="profile-logo-hint">
          Image PNG ou JPEG, 500&nbsp;Ko au plus. Il figure en haut de vos devis.
        </p>
        <input
          id="profile-logo"
          type="file"
          accept="image/png,image/jpeg"
          onChange={choose}
          disabled={disabled || busy}
          aria-invalid={status.kind === 'failed' ? true : undefined}
          aria-describedby={status.kind === 'failed' ? 'profile-logo-hint profile-logo-error' : 'profile-logo-hint'}
        />
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
