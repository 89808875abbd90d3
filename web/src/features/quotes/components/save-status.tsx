import type { SaveState } from '../lib/autosave'

/** The sentence that says where the draft stands. */
export function saveStateText(state: SaveState): string {
  switch (state.kind) {
    case 'untouched':
      return ''
    case 'saved':
      return 'Enregistré'
    case 'pending':
      return 'Modifications non enregistrées'
    case 'saving':
      return 'Enregistrement…'
    case 'invalid':
      return 'Modifications non enregistrées\u202f: corrigez les valeurs signalées.'
    case 'failed':
      return `Échec de l’enregistrement\u202f: ${state.message}`
    case 'rejected':
      return `Modifications refusées\u202f: ${state.message} Corrigez les valeurs signalées.`
    case 'conflict':
      return 'Ce devis a été modifié ailleurs (autre onglet ou appareil)\u202f: vos dernières modifications ici ne sont pas enregistrées.'
    case 'frozen':
      return 'Ce devis a été envoyé entre-temps\u202f: il ne peut plus être modifié.'
  }
}

const TONE: Record<SaveState['kind'], string> = {
  untouched: 'save-status--untouched',
  saved: 'save-status--ok',
  pending: 'save-status--pending',
  saving: 'save-status--pending',
  invalid: 'save-status--problem',
  failed: 'save-status--problem',
  rejected: 'save-status--problem',
  conflict: 'save-status--problem',
  frozen: 'save-status--problem'
}

export interface SaveStatusProps {
  state: SaveState
  onRetry: () => void
  onReload: () => void
}

/** The saved state, announced politely; with what to do when saving cannot go on by itself. */
export function SaveStatus({ state, onRetry, onReload }: SaveStatusProps) {
  return (
    <div className={`save-status ${TONE[state.kind]}`}>
      <p className="save-status__text" role="status" id="quote-save-status">
        {saveStateText(state)}
      </p>
      {state.kind === 'failed' ? (
        <button type="button" className="button button--ghost button--small" onClick={onRetry}>
          Réessayer
        </button>
      ) : null}
      {state.kind === 'conflict' || state.kind === 'frozen' ? (
        <button type="button" className="button button--primary button--small" onClick={onReload}>
          {state.kind === 'conflict' ? 'Recharger le devis' : 'Afficher le devis envoyé'}
        </button>
      ) : null}
    </div>
  )
}
