import { planAllows, planWith, type Plan } from '@paraphe/shared/plans'
import { AUTOMATIC_REMINDER_DAYS } from '@paraphe/shared/reminders'
import { PlanBadge, UpgradePrompt } from '@/components/ui/plan-badge'

const days = AUTOMATIC_REMINDER_DAYS.join(' et ')

/** Whether the client of a waiting quote is reminded without the professional, and on which plan. */
export function AutomaticReminders({ plan }: { plan: Plan }) {
  const included = planAllows(plan, 'automaticReminders')
  return (
    <section className="quote-reminders" aria-labelledby="automatic-reminders-title">
      <h2 id="automatic-reminders-title">Relances automatiques{included ? null : <PlanBadge plan={planWith('automaticReminders')} />}</h2>
      {included ? (
        <p>Tant que le devis n’est ni signé ni refusé, votre client reçoit un rappel {days}&#8239;jours après l’envoi.</p>
      ) : (
        <p>
          Votre formule {plan.name} ne relance pas vos clients automatiquement&#8239;: relancez à la main avec «&#8239;Relancer&#8239;».
          <UpgradePrompt plan={planWith('automaticReminders')}>
            Avec la formule {planWith('automaticReminders').name}, un rappel part {days}&#8239;jours après l’envoi.
          </UpgradePrompt>
        </p>
      )}
    </section>
  )
}
