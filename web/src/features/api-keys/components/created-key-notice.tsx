import type { CreatedApiKey } from '../api/api-keys-api'

/** A key just created: its secret, shown this once (only its hash is kept). */
export function CreatedKeyNotice({ created }: { created: CreatedApiKey }) {
  return (
    <div className="notice notice--success" role="status">
      <p>
        Clé « {created.key.name} » créée. Copiez-la maintenant : elle ne sera plus jamais affichée.
      </p>
      <p>
        <code className="api-key-secret">{created.secret}</code>
      </p>
    </div>
  )
}
