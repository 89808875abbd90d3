import type { OpenSession } from '@/lib/account-security'

const WHEN = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' })

export interface SessionsCardProps {
  /** null: this instance's accounts (Supabase Auth) do not list sessions. */
  sessions: OpenSession[] | null
  pending: boolean
  onClose: (session: OpenSession) => void
  onCloseOthers: () => void
}

/** The open sessions: device and last use (no place: no local database gives the country). */
export function SessionsCard({ sessions, pending, onClose, onCloseOthers }: SessionsCardProps) {
  return (
    <section className="card security-card" aria-labelledby="security-sessions">
      <h2 id="security-sessions">Sessions ouvertes</h2>
      {sessions === null ? (
        <p>
          La liste des appareils connectés n’existe qu’avec les comptes propres à Paraphe ; vous pouvez fermer toutes les autres sessions.
        </p>
      ) : (
        <ul className="security-sessions">
          {sessions.map((session) => (
            <li key={session.id} className="security-session">
              <p>
                <strong>{session.device}</strong>
                {session.current ? <span className="status-badge"> Cet appareil</span> : null}
                <br />
                <span className="field__hint">Dernière activité : {WHEN.format(new Date(session.last_used_at))}</span>
              </p>
              {session.current ? null : (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => onClose(session)}
                  disabled={pending}
                  aria-label={`Se déconnecter de cet appareil : ${session.device}`}
                >
                  Se déconnecter de cet appareil
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="actions">
        <button type="button" className="button button--ghost" onClick={onCloseOthers} disabled={pending}>
          Se déconnecter de tous les autres appareils
        </button>
      </p>
    </section>
  )
}
