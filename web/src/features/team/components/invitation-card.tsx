// An invitation as the invitee sees it: the company that invites, the address it was sent to
// and « Rejoindre », or why the link no longer works. Pure view: the page loads and accepts it.
import type { InvitationView } from '../api/team-api'

const CLOSED: Readonly<Record<Exclude<InvitationView['state'], 'open'>, string>> = {
  used: 'Cette invitation a déjà servi. Si ce n’était pas vous, demandez une nouvelle invitation à l’entreprise.',
  cancelled: 'Cette invitation a été annulée par l’entreprise.',
  expired: 'Cette invitation a expiré : demandez-en une nouvelle à l’entreprise.'
}

export interface InvitationCardProps {
  view: InvitationView
  joining: boolean
  failure: string | null
  onJoin: () => void
}

export function InvitationCard({ view, joining, failure, onJoin }: InvitationCardProps) {
  return (
    <section className="card" aria-labelledby="invitation-company">
      <h2 id="invitation-company">Rejoindre {view.companyName}</h2>
      {view.state === 'open' ? (
        <>
          <p>
            {view.invitedBy === '' ? view.companyName : `${view.invitedBy}, de ${view.companyName},`} vous invite à rédiger et suivre ses
            devis avec son équipe. L’invitation a été envoyée à <strong>{view.email}</strong> : vous la rejoignez avec le compte de cette
            adresse.
          </p>
          <p className="field__hint">Les devis, le profil et l’abonnement de l’entreprise seront ceux de votre espace.</p>
          <p className="actions">
            <button type="button" className="button button--primary" disabled={joining} onClick={onJoin}>
              Rejoindre {view.companyName}
            </button>
          </p>
        </>
      ) : (
        <p className="notice">{CLOSED[view.state]}</p>
      )}
      <div aria-live="polite">
        {failure !== null ? (
          <p className="notice notice--error" role="alert">
            {failure}
          </p>
        ) : null}
      </div>
    </section>
  )
}
