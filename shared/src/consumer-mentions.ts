// What a quote to a private person (a consumer) must tell them, in one copy for the PDF and the
// pages: the 14-day right of withdrawal of a contract concluded at a distance or off-premises
// (Code de la consommation, L221-5, L221-18 and following; the form of R221-1's annex) and the
// consumer mediator (L616-1). A quote signed on Paraphe is signed online, away from the
// professional's premises: for a private client, the withdrawal right applies.
import type { CompanyProfile } from './company.js'
import type { QuoteClient } from './quote.js'

export const WITHDRAWAL_TITLE = 'Droit de rétractation (client particulier)'
export const MEDIATION_TITLE = 'Médiation de la consommation'

/** Quotes to private persons carry the consumer mentions; quotes to businesses do not. */
export function isConsumerClient(client: Pick<QuoteClient, 'kind'>): boolean {
  return client.kind === 'individual'
}

export function withdrawalMention(company: Pick<CompanyProfile, 'companyName' | 'address' | 'email'>): string {
  const contact = [company.companyName, company.address.replace(/\s*\n\s*/g, ', '), company.email]
    .filter((part) => part.trim() !== '')
    .join(', ')
  return (
    'Le client, consommateur, dispose d’un délai de quatorze jours à compter de la signature du devis pour exercer son droit de rétractation, ' +
    'sans avoir à motiver sa décision (articles L221-18 et suivants du Code de la consommation). ' +
    `Il notifie sa décision à ${contact}, au moyen du formulaire de rétractation joint ou de toute autre déclaration dénuée d’ambiguïté. ` +
    'S’il demande expressément que les travaux commencent avant la fin de ce délai, il reste redevable, en cas de rétractation, du montant correspondant au service fourni jusqu’à la communication de sa décision (article L221-25).'
  )
}

/** The mediator's paragraph; null when the profile names none. */
export function mediatorMention(company: Pick<CompanyProfile, 'mediatorName' | 'mediatorUrl'>): string | null {
  if (company.mediatorName.trim() === '') return null
  const site = company.mediatorUrl.trim() === '' ? '' : ` (${company.mediatorUrl.trim()})`
  return `En cas de litige, le client consommateur peut recourir gratuitement au médiateur de la consommation : ${company.mediatorName.trim()}${site}, après avoir tenté de le résoudre directement avec l’entreprise par une réclamation écrite (articles L611-1 et suivants du Code de la consommation).`
}

export const WITHDRAWAL_FORM_TITLE = 'Formulaire de rétractation'

/** The model form of the annex to article R221-1, addressed to the professional. */
export function withdrawalFormLines(
  company: Pick<CompanyProfile, 'companyName' | 'address' | 'email'>,
  quoteNumber: string | null
): string[] {
  const to = [company.companyName, company.address.replace(/\s*\n\s*/g, ', '), company.email]
    .filter((part) => part.trim() !== '')
    .join(', ')
  return [
    '(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)',
    `À l’attention de ${to} :`,
    `Je/nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la prestation de services ci-dessous${quoteNumber === null ? '' : ` (devis n° ${quoteNumber})`} :`,
    'Commandé le (*) / reçu le (*) :',
    'Nom du (des) consommateur(s) :',
    'Adresse du (des) consommateur(s) :',
    'Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :',
    'Date :',
    '(*) Rayez la mention inutile.'
  ]
}
