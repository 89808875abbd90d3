import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { Plan } from '@paraphe/shared/plans'

/** « Pro » beside a control the account's plan does not include. */
export function PlanBadge({ plan }: { plan: Plan }) {
  return <span className="badge badge--plan">{plan.name}</span>
}

/** Why a control is not usable on this plan, with the way to the plan that has it (a span: it sits in a field's hint). */
export function UpgradePrompt({ plan, children }: { plan: Plan; children: ReactNode }) {
  return (
    <span className="upgrade-prompt">
      {children} <Link to={paths.pricing.href()}>Passer à la formule {plan.name}</Link>
    </span>
  )
}
