// Above the sign-in and sign-up forms when they lead to an invitation: who invites, to which
// company, and the address it was sent to, so the invited person knows where they are going.
import type { InvitationView } from '../api/invitation-preview'

const CLOSED: Readonly<Record<Exclude<InvitationView['state'], 'open'>, string>> = {
  used: 'Cette invitation a déjà servi.',
  cancelled: 'Cette invitation a été annulée par l’entreprise.',
  expired: 'Cette invitation a expiré : demandez-en une nouvelle à l’entreprise.'
}

/** « Marie (marie@…) vous invite à rejoindre Plomberie Durand », or the company alone once the inviter left. */
export function invitationSentence(view: InvitationView): string {
  const who = view.invitedBy === '' ? view.companyName : view.invitedBy
  return view.invitedBy === '' ? `${who} vous invite à rejoindre son équipe` : `${who} vous invite à rejoindre ${view.companyName}`
}

export function InvitationIntro({ view }: { view: InvitationView }) {
  if (view.state !== 'open') return <p className="notice notice--warning">{CLOSED[view.state]}</p>
  return (
    <section className="card invitation-intro" aria-labelledby="invitation-intro-title">
      <h2 id="invitation-intro-title">Invitation de {view.companyName}</h2>
      <p>
        {invitationSentence(view)} pour rédiger et suivre ses devis avec son équipe. L’invitation a été envoyée à{' '}
        <strong className="invitation-intro__email">{view.email}</strong>.
      </p>
    </section>
  )
}
