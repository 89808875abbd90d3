// The signed, sealed PDF, sent to both parties once the seal is stored.
import type { CompanyProfile } from '@paraphe/shared/company'
import { formatDateTime } from '@paraphe/shared/dates'
import { formatEuros } from '@paraphe/shared/money'
import type { Quote } from '@paraphe/shared/quote'
import { singleLine } from '../outbox.js'
import type { SiteIdentity } from './contact-message.js'
import { renderEmailLayout, type EmailContent } from './layout.js'

export function signedCopyEmail(
  recipient: 'client' | 'professional',
  quote: Quote,
  company: CompanyProfile,
  signerName: string,
  signedAt: Date,
  site: SiteIdentity,
  /** The professional's page of this quote (the professional's copy links to it). */
  quoteUrl?: string
): EmailContent {
  const when = formatDateTime(signedAt)
  const intro =
    recipient === 'client'
      ? `Vous avez signé le devis « ${quote.title} » de ${company.companyName} le ${when}. Vous trouverez en pièce jointe votre exemplaire signé, avec son dossier de preuve.`
      : `${signerName} a signé le devis « ${quote.title} » le ${when}. L’exemplaire signé et scellé, avec son dossier de preuve, est joint à cet e-mail et reste disponible dans votre espace.`
  const rendered = renderEmailLayout({
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    heading: `Devis ${quote.number ?? ''} signé`,
    blocks: [
      { type: 'paragraph', text: intro },
      {
        type: 'facts',
        rows: [
          { label: 'Devis', value: quote.number ?? '' },
          { label: 'Montant TTC', value: formatEuros(quote.totals.totalTtcCents) },
          { label: 'Signé par', value: signerName },
          { label: 'Le', value: when }
        ]
      },
      ...(recipient === 'client'
        ? [{ type: 'note' as const, text: 'Conservez ce PDF : il fait foi de votre accord. Pour toute question, répondez à cet e-mail.' }]
        : quoteUrl === undefined
          ? []
          : [{ type: 'action' as const, label: 'Voir le devis', url: quoteUrl }])
    ],
    footer:
      recipient === 'client'
        ? `Vous recevez cet e-mail parce que vous avez signé un devis de ${company.companyName} avec ${site.siteName}.`
        : `Vous recevez cet e-mail parce que vous avez envoyé ce devis avec ${site.siteName}.`
  })
  return { subject: singleLine(`Devis ${quote.number ?? ''} signé par ${signerName}`), ...rendered }
}
