// E-mails around the signature: the signer's code, and the professional's notices.
import { formatDateTime } from '@paraphe/shared/dates'
import { clientDisplayName, type Quote } from '@paraphe/shared/quote'
import type { CompanyProfile } from '@paraphe/shared/company'
import { singleLine } from '../outbox.js'
import type { SiteIdentity } from './contact-message.js'
import { renderEmailLayout, type EmailContent } from './layout.js'

export function signingCodeEmail(code: string, quote: Quote, company: CompanyProfile, site: SiteIdentity): EmailContent {
  const rendered = renderEmailLayout({
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    heading: 'Votre code de signature',
    blocks: [
      { type: 'paragraph', text: `Voici le code à saisir pour signer le devis ${quote.number ?? ''} de ${company.companyName} :` },
      { type: 'facts', rows: [{ label: 'Code', value: code }] },
      { type: 'note', text: 'Ce code est valable 10 minutes. Si vous n’avez pas demandé à signer ce devis, ignorez cet e-mail.' }
    ],
    footer: `Vous recevez cet e-mail parce qu’un code de signature a été demandé pour un devis de ${company.companyName}.`
  })
  const reference = quote.number === null ? '' : ` (devis ${quote.number})`
  return { subject: singleLine(`${code} — votre code de signature${reference}`), ...rendered }
}

export function declinedNoticeEmail(quote: Quote, reason: string, declinedAt: Date, quoteUrl: string, site: SiteIdentity): EmailContent {
  const client = clientDisplayName(quote.client)
  const rendered = renderEmailLayout({
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    heading: `Devis ${quote.number ?? ''} refusé`,
    blocks: [
      { type: 'paragraph', text: `${client} a refusé le devis « ${quote.title} » le ${formatDateTime(declinedAt)}.` },
      ...(reason.trim() === '' ? [] : [{ type: 'quote' as const, text: reason }]),
      { type: 'action', label: 'Voir le devis', url: quoteUrl }
    ],
    footer: `Vous recevez cet e-mail parce que vous avez envoyé ce devis avec ${site.siteName}.`
  })
  return { subject: singleLine(`Devis ${quote.number ?? ''} refusé par ${client}`), ...rendered }
}
