import { useCopyText, type CopyState } from '@/hooks/use-copy-text'
import type { CreatedApiKey } from '../api/api-keys-api'

const INPUT_ID = 'api-key-secret'

/** A key just created: its secret, shown this once (only its hash is kept), with a copy button. */
export function CreatedKeyNotice({ created }: { created: CreatedApiKey }) {
  const { copy, copyText } = useCopyText(INPUT_ID)
  return <CreatedKeyNoticeView created={created} copy={copy} onCopy={() => copyText(created.secret)} />
}

export function CreatedKeyNoticeView({ created, copy, onCopy }: { created: CreatedApiKey; copy: CopyState; onCopy: () => void }) {
  return (
    <div className="notice notice--success">
      <p>Clé « {created.key.name} » créée. Copiez-la maintenant : elle ne sera plus jamais affichée.</p>
      <div className="field">
        <label htmlFor={INPUT_ID}>Clé d’API</label>
        <div className="signing-link__row">
          <input
            id={INPUT_ID}
            className="api-key-secret"
            type="text"
            readOnly
            value={created.secret}
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="button button--primary" onClick={onCopy}>
            Copier la clé
          </button>
        </div>
      </div>
      <p role="status">
        {copy === 'copied' ? 'Clé copiée.' : copy === 'manual' ? 'La clé est sélectionnée : copiez-la avec Ctrl+C (ou ⌘+C).' : ''}
      </p>
    </div>
  )
}
