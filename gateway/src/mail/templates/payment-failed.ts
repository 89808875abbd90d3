// The e-mail telling a professional that Stripe could not take the subscription's payment.
import { paths } from '@paraphe/shared/paths'
import { renderEmailLayout, type EmailContent, type SiteIdentity } from './layout.js'

export interface PaymentFailedDetails {
  planName: string
}

export function paymentFailedEmail(site: SiteIdentity, details: PaymentFailedDetails): EmailContent {
  const manageUrl = new URL(paths.subscription.href(), site.siteUrl).href
  const subject = `Échec du paiement de votre abonnement ${details.planName}`
  const rendered = renderEmailLayout({
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    heading: 'Le paiement de votre abonnement a échoué',
    blocks: [
      {
        type: 'paragraph',
        text: `Nous n’avons pas pu encaisser le paiement de votre formule ${details.planName}. Votre formule reste active pendant que la banque réessaie, mais elle sera suspendue si le paiement continue d’échouer.`
      },
      { type: 'paragraph', text: 'Vérifiez la carte enregistrée ou choisissez-en une autre depuis la gestion de votre abonnement.' },
      { type: 'action', label: 'Gérer mon abonnement', url: manageUrl },
      { type: 'note', text: 'Si vous avez déjà mis à jour votre moyen de paiement, vous pouvez ignorer ce message.' }
    ],
    footer: `Vous recevez cet e-mail parce que vous avez un abonnement payant sur ${site.siteName}.`
  })
  return { subject, ...rendered }
}
