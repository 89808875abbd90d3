// The team as its members see it: who is in, the seats of the plan, and the owner's actions
// (remove, hand over) or a member's (leave), each confirmed in place before it runs. Pure view:
// the page (routes/team.tsx) loads the team and runs the actions.
import { MEMBER_ROLE_LABELS, seatsText } from '@paraphe/shared/members'
import { teamPlan } from '@paraphe/shared/plans'
import type { Member } from '../api/team-api'
import { InvitationsCard, type InvitationsCardProps } from './invitations-card'

/** An action waiting for its confirmation (removing, handing over, leaving cannot be undone from here). */
export type Confirming = { action: 'remove' | 'transfer'; member: Member } | { action: 'leave' } | null

export interface TeamDetailsProps extends Omit<InvitationsCardProps, 'upgradeName'> {
  confirming: Confirming
  onConfirm: (confirming: Confirming) => void
  onRemove: (member: Member) => void
  onTransfer: (member: Member) => void
  onLeave: () => void
}

export function TeamDetails(props: TeamDetailsProps) {
  const { team, working, confirming, onConfirm } = props
  const owner = team.you.role === 'owner'
  const upgrade = teamPlan()
  return (
    <>
      {team.readOnly ? (
        <p className="notice notice--warning" role="status">
          Votre entreprise compte plus de membres que sa formule {team.plan.name} n’en permet : vous pouvez consulter les devis, pas les
          modifier. Le propriétaire peut retirer des membres ou choisir la formule {upgrade.name}.
        </p>
      ) : null}
      {owner && team.seats.members > team.seats.seats ? (
        <p className="notice notice--warning" role="status">
          Votre entreprise compte {team.seats.members} membres pour {team.seats.seats} place{team.seats.seats > 1 ? 's' : ''} dans la
          formule {team.plan.name} : les membres peuvent consulter les devis, plus les modifier. Retirez des membres ou choisissez la
          formule {upgrade.name}.
        </p>
      ) : null}
      <section className="card team-card" aria-labelledby="team-members">
        <h2 id="team-members">Membres</h2>
        <p className="team-seats">
          Formule {team.plan.name} : {seatsText(team.seats)}
        </p>
        <ul className="team-list">
          {team.members.map((member) => (
            <li key={member.userId} className="team-list__item">
              <span className="team-list__who">
                <strong>{member.email === '' ? 'Adresse inconnue' : member.email}</strong>
                {member.isYou ? ' (vous)' : null} — {MEMBER_ROLE_LABELS[member.role]}
              </span>
              {owner && member.role === 'member' ? (
                confirming !== null && confirming.action !== 'leave' && confirming.member.userId === member.userId ? (
                  <span className="team-list__actions">
                    <button
                      type="button"
                      className="button button--danger"
                      disabled={working}
                      onClick={() => (confirming.action === 'remove' ? props.onRemove(member) : props.onTransfer(member))}
                    >
                      {confirming.action === 'remove'
                        ? `Confirmer le retrait de ${member.email}`
                        : `Confirmer : ${member.email} devient propriétaire`}
                    </button>
                    <button type="button" className="button button--ghost" onClick={() => onConfirm(null)}>
                      Annuler
                    </button>
                  </span>
                ) : (
                  <span className="team-list__actions">
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={working}
                      onClick={() => onConfirm({ action: 'remove', member })}
                      aria-label={`Retirer ${member.email}`}
                    >
                      Retirer
                    </button>
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={working}
                      onClick={() => onConfirm({ action: 'transfer', member })}
                      aria-label={`Transférer la propriété à ${member.email}`}
                    >
                      Transférer la propriété
                    </button>
                  </span>
                )
              ) : null}
            </li>
          ))}
        </ul>
        {!owner ? (
          confirming?.action === 'leave' ? (
            <p className="actions">
              <button type="button" className="button button--danger" disabled={working} onClick={props.onLeave}>
                Confirmer : quitter l’entreprise
              </button>
              <button type="button" className="button button--ghost" onClick={() => onConfirm(null)}>
                Annuler
              </button>
            </p>
          ) : (
            <p className="actions">
              <button type="button" className="button button--ghost" onClick={() => onConfirm({ action: 'leave' })}>
                Quitter l’entreprise
              </button>
            </p>
          )
        ) : null}
        {!owner ? (
          <p className="field__hint">Les invitations, les membres et l’abonnement sont gérés par le propriétaire de l’entreprise.</p>
        ) : null}
      </section>
      {owner ? <InvitationsCard {...props} upgradeName={upgrade.name} /> : null}
    </>
  )
}
