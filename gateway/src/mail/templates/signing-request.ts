// The e-mail that brings the client to the signing page. Replies go to the professional.
import type { CompanyProfile } from '@paraphe/shared/company'
import { formatLongDate } from '@paraphe/shared/dates'
import { formatEuros } from '@paraphe/shared/money'
import { clientSalutation, type Quote } from '@paraphe/shared/quote'
import { singleLine } from '../outbox.js'
import { renderEmailLayout, type EmailContent, type EmailLayout } from './layout.js'
import type { SiteIdentity } from './contact-message.js'

/** `logo`: the company's logo, on the plans that include it (email-logo.ts). */
export function signingRequestEmail(
  quote: Quote,
  company: CompanyProfile,
  signingUrl: string,
  site: SiteIdentity,
  logo?: EmailLayout['logo']
): EmailContent {
  const client = clientSalutation(quote.client)
  const expires = quote.expiresOn === null ? null : formatLongDate(quote.expiresOn)
  const rendered = renderEmailLayout({
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    ...(logo === undefined ? {} : { logo }),
    heading: `Devis ${quote.number ?? ''} à signer`,
    blocks: [
      { type: 'paragraph', text: `Bonjour ${client},` },
      {
        type: 'paragraph',
        text: `${company.companyName} vous adresse le devis « ${quote.title} ». Vous pouvez le lire, le télécharger, puis le signer ou le refuser en ligne.`
      },
      {
        type: 'facts',
        rows: [
          { label: 'Devis', value: quote.number ?? '' },
          { label: 'Montant TTC', value: formatEuros(quote.totals.totalTtcCents) },
          ...(expires === null ? [] : [{ label: 'Valable jusqu’au', value: expires }])
        ]
      },
      { type: 'action', label: 'Consulter et signer le devis', url: signingUrl },
      {
        type: 'note',
        text: `Ce lien vous est personnel : ne le transférez pas. Pour toute question, répondez à cet e-mail, votre réponse parviendra à ${company.companyName}.`
      }
    ],
    footer: `Vous recevez cet e-mail parce que ${company.companyName} a indiqué votre adresse sur ce devis.`
  })
  return { subject: singleLine(`Devis ${quote.number ?? ''} de ${company.companyName} à signer`), ...rendered }
}
