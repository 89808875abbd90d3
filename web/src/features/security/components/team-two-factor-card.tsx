import type { TeamTwoFactor } from '../api/team-two-factor-api'

export interface TeamTwoFactorCardProps {
  rule: TeamTwoFactor
  pending: boolean
  onChange: (required: boolean) => void
}

/**
 * The company's rule (Entreprise): the owner may require the second factor of every member; a
 * member sees that it is required. Nothing is shown on a plan without it, to a member, while it is off.
 */
export function TeamTwoFactorCard({ rule, pending, onChange }: TeamTwoFactorCardProps) {
  if (!rule.canChange && !rule.requireTwoFactor) return null
  if (rule.canChange && !rule.available && !rule.requireTwoFactor) return null
  return (
    <section className="card security-card" aria-labelledby="security-team">
      <h2 id="security-team">Équipe</h2>
      {rule.requireTwoFactor ? (
        <p>
          <strong>Votre entreprise exige la double authentification</strong> de chacun de ses membres : sans elle, les devis, factures et
          clients restent fermés.
        </p>
      ) : (
        <p>
          Exigez la double authentification de chaque membre de l’équipe : qui ne l’a pas activée devra le faire à sa prochaine connexion.
        </p>
      )}
      {rule.canChange ? (
        <p className="actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={pending || (!rule.requireTwoFactor && !rule.signedInWithSecondFactor)}
            onClick={() => onChange(!rule.requireTwoFactor)}
          >
            {rule.requireTwoFactor ? 'Ne plus l’exiger' : 'L’exiger de toute l’équipe'}
          </button>
        </p>
      ) : null}
      {rule.canChange && !rule.requireTwoFactor && !rule.signedInWithSecondFactor ? (
        <p className="field__hint">Activez-la d’abord pour vous-même, ci-dessus, puis reconnectez-vous avec son code.</p>
      ) : null}
    </section>
  )
}
