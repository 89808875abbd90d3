// Where the sender address stands: the confirmation link, the DNS records to publish (each with
// what the last check found), and the actions of each step. Pure view: the page acts.
import { formatDateTime } from '@paraphe/shared/dates'
import type { DnsRecord, Sender } from '../api/sender-api'

export interface SenderStatusCardProps {
  sender: Sender
  viaName: string
  working: boolean
  /** The removal waits for its confirmation. */
  removing: boolean
  onResend: () => void
  onCheck: () => void
  onAskRemove: (asking: boolean) => void
  onRemove: () => void
}

const PURPOSES: Record<DnsRecord['purpose'], string> = { dkim: 'Clé DKIM (obligatoire)', spf: 'SPF (recommandé)' }

function foundText(found: boolean | null): string {
  if (found === null) return 'Pas encore vérifié'
  return found ? 'Trouvé' : 'Absent'
}

function StateText({ sender, viaName }: { sender: Sender; viaName: string }) {
  if (sender.state === 'active') {
    return (
      <p className="notice notice--success">
        Vos e-mails aux clients partent de <strong>{sender.address}</strong>, signés DKIM pour votre domaine.
      </p>
    )
  }
  if (sender.state === 'awaiting-confirmation') {
    return (
      <p>
        Étape 1 sur 2 : un lien de confirmation a été envoyé à <strong>{sender.address}</strong>
        {sender.confirmationSentAt === null ? '' : ` le ${formatDateTime(sender.confirmationSentAt)}`}. Ouvrez-le depuis cette boîte. En
        attendant, vos e-mails partent au nom de «&#8239;{viaName}&#8239;».
      </p>
    )
  }
  return (
    <p>
      Étape 2 sur 2 : l’adresse <strong>{sender.address}</strong> est confirmée. Publiez l’enregistrement DKIM ci-dessous dans le DNS de
      votre domaine (chez votre hébergeur ou registraire), puis vérifiez. En attendant, vos e-mails partent au nom de «&#8239;{viaName}
      &#8239;».
    </p>
  )
}

export function SenderStatusCard({ sender, viaName, working, removing, onResend, onCheck, onAskRemove, onRemove }: SenderStatusCardProps) {
  return (
    <section className="card team-card" aria-labelledby="sender-status">
      <h2 id="sender-status">Adresse {sender.address}</h2>
      <StateText sender={sender} viaName={viaName} />
      {sender.state === 'awaiting-confirmation' ? (
        <p>
          <button type="button" className="button button--ghost" disabled={working} onClick={onResend}>
            Renvoyer le lien de confirmation
          </button>
        </p>
      ) : null}
      <h3>Enregistrements DNS à publier</h3>
      <ul className="sender-records">
        {sender.records.map((record) => (
          <li key={record.purpose} className="sender-records__item">
            <p className="sender-records__purpose">
              <strong>{PURPOSES[record.purpose]}</strong> — {foundText(record.found)}
            </p>
            <dl className="sender-records__fields">
              <dt>Type</dt>
              <dd>{record.type}</dd>
              <dt>Nom</dt>
              <dd>
                <code>{record.name}</code>
              </dd>
              <dt>Valeur</dt>
              <dd>
                <code className="sender-records__value">{record.value}</code>
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      <p className="field__hint">
        {sender.records.some((record) => record.purpose === 'spf')
          ? 'Votre domaine a déjà un enregistrement SPF ? Ajoutez-y seulement le « include », un domaine n’en a qu’un. '
          : ''}
        La propagation du DNS peut prendre jusqu’à quelques heures.
        {sender.checkedAt === null ? '' : ` Dernière vérification le ${formatDateTime(sender.checkedAt)}.`}
      </p>
      <p className="sender-actions">
        <button type="button" className="button button--primary" disabled={working} onClick={onCheck}>
          Vérifier le DNS
        </button>
        {removing ? (
          <>
            <button type="button" className="button button--danger" disabled={working} onClick={onRemove}>
              Confirmer la suppression de l’adresse
            </button>
            <button type="button" className="button button--ghost" onClick={() => onAskRemove(false)}>
              Annuler
            </button>
          </>
        ) : (
          <button type="button" className="button button--ghost" disabled={working} onClick={() => onAskRemove(true)}>
            Supprimer l’adresse
          </button>
        )}
      </p>
    </section>
  )
}
