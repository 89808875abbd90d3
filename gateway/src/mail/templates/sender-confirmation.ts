// The e-mail that confirms a company's sender address: sent to that address, so that only who
// reads its mailbox lets the company's quotes leave from it.
import { renderEmailLayout, type EmailContent, type SiteIdentity } from './layout.js'

/** The gateway's route behind the link: it confirms, then sends the reader to the sender page. */
export const SENDER_CONFIRMATION_PATH = '/api/sender-confirmation'

export interface SenderConfirmationDetails {
  companyName: string
  address: string
  token: string
}

export function senderConfirmationEmail(site: SiteIdentity, details: SenderConfirmationDetails): EmailContent {
  const url = new URL(`${SENDER_CONFIRMATION_PATH}?token=${encodeURIComponent(details.token)}`, site.siteUrl).href
  const rendered = renderEmailLayout({
    ...site,
    heading: 'Confirmez votre adresse d’expédition',
    blocks: [
      {
        type: 'paragraph',
        text: `${details.companyName} souhaite envoyer ses devis depuis l’adresse ${details.address} sur ${site.siteName}.`
      },
      { type: 'action', label: 'Confirmer l’adresse', url },
      {
        type: 'paragraph',
        text: 'Les e-mails partiront de cette adresse une fois la clé DKIM publiée dans le DNS de votre domaine (les enregistrements sont affichés dans votre espace).'
      },
      {
        type: 'note',
        text: 'Ce lien ne sert qu’une fois et reste valable 7 jours. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne partira de cette adresse.'
      }
    ],
    footer: `Vous recevez cet e-mail parce que cette adresse a été saisie comme adresse d’expédition sur ${site.siteName}.`
  })
  return { subject: `Confirmez l’adresse d’expédition ${details.address}`, ...rendered }
}
