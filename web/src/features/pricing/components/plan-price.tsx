import { isPaidPlan, planPriceTtcCents, yearlySavingHtCents, type BillingInterval, type Plan } from '@paraphe/shared/plans'
import { formatEuros } from '@paraphe/shared/money'

const PER_INTERVAL: Record<BillingInterval, string> = { month: 'par mois', year: 'par an' }

/** « 2 mois offerts, soit 28 € HT d’économie par an », computed from the plan's prices. */
export function yearlySavingText(plan: Plan): string | null {
  const saving = yearlySavingHtCents(plan)
  if (saving <= 0) return null
  const amount = `${formatEuros(saving, { dropZeroCents: true })} HT d’économie par an`
  const months = saving / plan.priceHtCents.month
  if (!Number.isInteger(months)) return amount
  return `${months} mois ${months > 1 ? 'offerts' : 'offert'}, soit ${amount}`
}

export function PlanPrice({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  if (!isPaidPlan(plan)) {
    return (
      <div className="plan-price">
        <p className="plan-price__main">
          <span className="plan-price__amount">Gratuit</span>
        </p>
      </div>
    )
  }
  const saving = interval === 'year' ? yearlySavingText(plan) : null
  return (
    <div className="plan-price">
      <p className="plan-price__main">
        <span className="plan-price__amount">{formatEuros(plan.priceHtCents[interval], { dropZeroCents: true })}</span>{' '}
        <span className="plan-price__unit">HT {PER_INTERVAL[interval]}</span>
      </p>
      <p className="plan-price__ttc">soit {formatEuros(planPriceTtcCents(plan, interval), { dropZeroCents: true })} TTC</p>
      {saving !== null && <p className="plan-price__saving">{saving}</p>}
    </div>
  )
}
