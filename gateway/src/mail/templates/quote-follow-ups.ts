// Reminders to the client and the expiry notice to the professional.
import type { CompanyProfile } from '@paraphe/shared/company'
import { formatLongDate } from '@paraphe/shared/dates'
import { formatEuros } from '@paraphe/shared/money'
import { clientDisplayName, clientSalutation, type Quote } from '@paraphe/shared/quote'
import { singleLine } from '../outbox.js'
import type { SiteIdentity } from './contact-message.js'
import { renderEmailLayout, type EmailContent, type EmailLayout } from './layout.js'

/** `logo`: the logo frozen with the quote, on the plans that include it (email-logo.ts). */
export function reminderEmail(
  quote: Quote,
  company: CompanyProfile,
  signingUrl: string,
  site: SiteIdentity,
  logo?: EmailLayout['logo']
): EmailContent {
  const client = clientSalutation(quote.client)
  const rendered = renderEmailLayout({
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    ...(logo === undefined ? {} : { logo }),
    heading: `Rappel : devis ${quote.number ?? ''} en attente`,
    blocks: [
      { type: 'paragraph', text: `Bonjour ${client},` },
      {
        type: 'paragraph',
        text: `${company.companyName} vous rappelle son devis « ${quote.title} » (${formatEuros(quote.totals.totalTtcCents)} TTC)${quote.expiresOn === null ? '' : `, valable jusqu’au ${formatLongDate(quote.expiresOn)}`}.`
      },
      { type: 'action', label: 'Consulter et signer le devis', url: signingUrl },
      {
        type: 'note',
        text: `Si vous ne souhaitez pas donner suite, vous pouvez aussi le refuser depuis ce lien. Pour toute question, répondez à cet e-mail.`
      }
    ],
    footer: `Vous recevez cet e-mail parce que ${company.companyName} vous a adressé ce devis.`
  })
  return { subject: singleLine(`Rappel : devis ${quote.number ?? ''} de ${company.companyName}`), ...rendered }
}

export function expiredNoticeEmail(quote: Quote, quoteUrl: string, site: SiteIdentity): EmailContent {
  const client = clientDisplayName(quote.client)
  const rendered = renderEmailLayout({
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    heading: `Devis ${quote.number ?? ''} expiré`,
    blocks: [
      {
        type: 'paragraph',
        text: `Le devis « ${quote.title} » adressé à ${client} a expiré${quote.expiresOn === null ? '' : ` le ${formatLongDate(quote.expiresOn)}`} sans avoir été signé. Vous pouvez le dupliquer pour en envoyer une version à jour.`
      },
      { type: 'action', label: 'Voir le devis', url: quoteUrl }
    ],
    footer: `Vous recevez cet e-mail parce que vous avez envoyé ce devis avec ${site.siteName}.`
  })
  return { subject: singleLine(`Devis ${quote.number ?? ''} expiré sans signature`), ...rendered }
}
