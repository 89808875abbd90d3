import type { BillingInterval } from '@paraphe/shared/plans'

export const INTERVAL_LABELS: Record<BillingInterval, string> = { month: 'Mensuel', year: 'Annuel' }

export interface BillingIntervalSwitchProps {
  value: BillingInterval
  onChange: (interval: BillingInterval) => void
  intervals: readonly BillingInterval[]
}

/** Two toggle buttons; the pressed one is the interval the prices are shown for. */
export function BillingIntervalSwitch({ value, onChange, intervals }: BillingIntervalSwitchProps) {
  return (
    <div className="interval-switch" role="group" aria-label="Période de facturation">
      {intervals.map((interval) => (
        <button
          key={interval}
          type="button"
          className="interval-switch__option"
          aria-pressed={interval === value}
          onClick={() => onChange(interval)}
        >
          {INTERVAL_LABELS[interval]}
        </button>
      ))}
    </div>
  )
}
