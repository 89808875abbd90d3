// The e-mail telling the professional that an invoice came back refused by its buyer (210) or
// rejected by a platform (213), with the reason and what to do: an issued invoice never changes,
// so it is cancelled by a credit note and made again — one action on the invoice's page.
import { paths } from '@paraphe/shared/paths'
import { lifecycleLabel } from '@paraphe/shared/invoices/lifecycle-statuses'
import { singleLine } from '../outbox.js'
import { renderEmailLayout, type EmailContent, type SiteIdentity } from './layout.js'

export interface InvoiceRefusalDetails {
  invoiceId: string
  number: string
  clientName: string
  /** 210 (refused by the buyer) or 213 (rejected by a platform). */
  code: number
  reason: string | null
}

export function invoiceRefusalEmail(site: SiteIdentity, details: InvoiceRefusalDetails): EmailContent {
  const invoiceUrl = new URL(paths.invoice.href(details.invoiceId), site.siteUrl).href
  const refused = details.code === 210
  const what = refused ? `refusée par ${details.clientName}` : 'rejetée par la plateforme'
  const rendered = renderEmailLayout({
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    heading: `Facture ${details.number} ${what}`,
    blocks: [
      {
        type: 'paragraph',
        text: refused
          ? `Votre client ${details.clientName} a refusé la facture ${details.number} sur sa plateforme agréée.`
          : `La facture ${details.number} a été rejetée par la plateforme agréée : elle n’a pas été transmise à ${details.clientName}.`
      },
      {
        type: 'facts',
        rows: [
          { label: 'Statut', value: lifecycleLabel(details.code) },
          { label: 'Motif', value: details.reason === null || details.reason === '' ? 'non précisé' : details.reason }
        ]
      },
      {
        type: 'paragraph',
        text: 'Une facture émise ne se modifie pas : il faut établir un avoir et une nouvelle facture. Sur la page de la facture, « Annuler par un avoir et refaire la facture » émet l’avoir de ce qui reste dû et prépare un brouillon reprenant le client et les lignes, à corriger avant de l’émettre.'
      },
      { type: 'action', label: 'Voir la facture', url: invoiceUrl }
    ],
    footer: `Vous recevez cet e-mail parce que votre entreprise transmet ses factures par une plateforme agréée avec ${site.siteName}.`
  })
  return { subject: singleLine(`Facture ${details.number} ${what}`), ...rendered }
}
