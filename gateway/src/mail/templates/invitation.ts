// The e-mail that invites someone to join a company on the site: who invites, to which company,
// and the link (valid seven days, once).
import { INVITATION_VALID_DAYS } from '@paraphe/shared/members'
import { paths } from '@paraphe/shared/paths'
import { renderEmailLayout, type EmailContent, type SiteIdentity } from './layout.js'

export interface InvitationDetails {
  companyName: string
  invitedBy: string
  token: string
}

export function invitationEmail(site: SiteIdentity, details: InvitationDetails): EmailContent {
  const url = new URL(paths.invitation.href(details.token), site.siteUrl).href
  const rendered = renderEmailLayout({
    ...site,
    heading: `Rejoignez ${details.companyName} sur ${site.siteName}`,
    blocks: [
      {
        type: 'paragraph',
        text: `${details.invitedBy} vous invite à rejoindre l’entreprise ${details.companyName} sur ${site.siteName}, pour rédiger ses devis et suivre leurs signatures.`
      },
      { type: 'action', label: 'Rejoindre l’entreprise', url },
      {
        type: 'paragraph',
        text: 'Sans compte, vous pourrez en créer un avec cette adresse e-mail ; avec un compte, connectez-vous avec elle.'
      },
      {
        type: 'note',
        text: `Ce lien ne sert qu’une fois et reste valable ${INVITATION_VALID_DAYS} jours. Si vous ne connaissez pas cette entreprise, ignorez ce message.`
      }
    ],
    footer: `Vous recevez cet e-mail parce que ${details.invitedBy} a saisi votre adresse sur ${site.siteName}.`
  })
  return { subject: `${details.companyName} vous invite sur ${site.siteName}`, ...rendered }
}
