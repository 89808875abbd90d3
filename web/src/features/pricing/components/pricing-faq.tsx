import { Link } from 'react-router-dom'
import { FREE_PLAN_ID, PLANS, findPlan, isPaidPlan } from '@paraphe/shared/plans'
import { STANDARD_VAT_BP, formatVatRate } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'

/** Questions about the plans; every number comes from the plans table. */
export function PricingFaq() {
  const freePlan = findPlan(FREE_PLAN_ID)
  const freeLimit = freePlan?.limits.quotesPerMonth ?? null
  const unlimitedPlan = PLANS.find((plan) => isPaidPlan(plan) && plan.limits.quotesPerMonth === null)
  return (
    <section className="section faq" aria-labelledby="pricing-faq">
      <h2 id="pricing-faq">Questions fréquentes</h2>
      <h3>Les prix sont-ils hors taxes&#8239;?</h3>
      <p>
        Oui, les prix affichés sont hors taxes (HT). La TVA au taux de {formatVatRate(STANDARD_VAT_BP)} s’y ajoute et le montant toutes
        taxes comprises (TTC) est indiqué sous chaque prix. Si vous êtes en franchise en base de TVA, vous ne récupérez pas cette
        TVA&#8239;: c’est le prix TTC qui compte pour vous.
      </p>
      <h3>Puis-je résilier à tout moment&#8239;?</h3>
      <p>
        Oui, sans frais ni engagement au-delà de la période payée. Vous résiliez depuis votre espace, rubrique Abonnement&#8239;; l’offre
        reste active jusqu’à la fin du mois ou de l’année déjà payés. Vos devis et PDF signés restent ensuite accessibles dans votre compte.
      </p>
      {freePlan !== undefined && freeLimit !== null && (
        <>
          <h3>
            Que se passe-t-il au {freeLimit + 1}
            <sup>e</sup> devis du mois avec l’offre {freePlan.name}&#8239;?
          </h3>
          <p>
            L’offre {freePlan.name} permet d’envoyer {freeLimit} devis par mois civil. Au-delà, l’envoi est refusé, mais rien n’est
            perdu&#8239;: le devis reste en brouillon. Vous pourrez l’envoyer le mois suivant
            {unlimitedPlan !== undefined && <>, ou tout de suite en passant à l’offre {unlimitedPlan.name}</>}. Les devis déjà envoyés
            suivent leur cours normalement.
          </p>
        </>
      )}
      <h3>Mes clients doivent-ils payer ou créer un compte pour signer&#8239;?</h3>
      <p>Non. La signature est gratuite pour vos clients et ne demande aucun compte&#8239;: ils signent depuis le lien reçu par e-mail.</p>
      <h3>Une autre question&#8239;?</h3>
      <p>
        <Link to={paths.contact.href()}>Écrivez-nous</Link>, nous vous répondons par e-mail.
      </p>
    </section>
  )
}
