// An endpoint just added: its signing secret, shown this once, with a copy button. Pure view: the
// page copies.
import type { CreatedWebhookEndpoint } from '../api/webhooks-api'

export type CopyState = 'idle' | 'copied' | 'manual'

export function CreatedEndpointNotice({ created, copy, onCopy }: { created: CreatedWebhookEndpoint; copy: CopyState; onCopy: () => void }) {
  return (
    <div className="notice notice--success">
      <p>
        Adresse ajoutée. Voici son secret de signature : copiez-le maintenant, il ne sera plus jamais affiché. Votre serveur s’en sert pour
        vérifier l’en-tête « Paraphe-Signature ».
      </p>
      <div className="field">
        <label htmlFor="webhook-secret">Secret de signature</label>
        <div className="signing-link__row">
          <input
            id="webhook-secret"
            className="webhook-secret"
            type="text"
            readOnly
            value={created.secret}
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="button button--primary" onClick={onCopy}>
            Copier le secret
          </button>
        </div>
      </div>
      <p role="status">
        {copy === 'copied' ? 'Secret copié.' : copy === 'manual' ? 'Le secret est sélectionné : copiez-le avec Ctrl+C (ou ⌘+C).' : ''}
      </p>
    </div>
  )
}
