import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { unlimitedPlan, type Plan } from '@paraphe/shared/plans'
import { PlanBadge } from '@/components/ui/plan-badge'

/**
 * « Envoyer le devis » once the month's quota is used up: the button opens the upgrade card in
 * the page instead of a confirmation the gateway would refuse. The draft stays as it is.
 */
export function QuotaWall({ plan, limit }: { plan: Plan; limit: number }) {
  const [open, setOpen] = useState(false)
  const cardRef = useRef<HTMLDivElement>(null)
  const upgrade = unlimitedPlan()
  useEffect(() => {
    if (open) cardRef.current?.focus()
  }, [open])
  if (!open) {
    return (
      <button type="button" className="button button--primary" aria-expanded={false} onClick={() => setOpen(true)}>
        Envoyer le devis
      </button>
    )
  }
  return (
    <div className="upgrade-card" ref={cardRef} tabIndex={-1} role="group" aria-labelledby="quota-wall-title">
      <h3 id="quota-wall-title">
        Quota du mois atteint <PlanBadge plan={upgrade} />
      </h3>
      <p>
        Votre formule {plan.name} permet d’envoyer {limit} devis par mois, et vous les avez envoyés. Avec la formule {upgrade.name}, vos
        envois sont illimités et ce brouillon part aussitôt. Sinon, il reste enregistré jusqu’au mois prochain.
      </p>
      <p className="upgrade-card__actions">
        <Link className="button button--primary" to={paths.pricing.href()}>
          Passer à la formule {upgrade.name}
        </Link>{' '}
        <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
          Fermer
        </button>
      </p>
    </div>
  )
}
