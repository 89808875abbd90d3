// What a quote needs before it can be sent: the mandatory mentions of a French devis and a way
// to reach the client. Drafts may lack any of it.
import { isEmailAddress } from '@paraphe/shared/email'
import type { CompanyProfile } from '@paraphe/shared/company'
import { insuranceRequest, sendingProfileGaps } from '@paraphe/shared/profile-steps'
import { parisIsoDate } from '@paraphe/shared/dates'
import { expiryDate, isSection, type QuoteContent } from '@paraphe/shared/quote'
import { workLines } from '@paraphe/shared/quote-sections'

/** Field → French message, empty when the quote can be sent. */
export function sendingProblems(content: QuoteContent, profile: CompanyProfile, now: Date): Record<string, string> {
  const fields: Record<string, string> = {}
  const gaps = sendingProfileGaps(profile, content)
  if (gaps.identity.length > 0) fields.profile = `Complétez votre profil d’entreprise : ${gaps.identity.join(', ')}.`
  // The décennale is a mention of building-trade quotes only: asked now, not at sign-up.
  if (gaps.insurance.length > 0) fields['profile.insurance'] = insuranceRequest(profile) ?? ''
  if (content.client.name.trim() === '' && content.client.company.trim() === '') fields['client.name'] = 'Indiquez le nom du client.'
  if (!isEmailAddress(content.client.email.trim()))
    fields['client.email'] = 'Indiquez l’adresse e-mail du client : le lien de signature lui est envoyé.'
  if (content.client.address.trim() === '') fields['client.address'] = 'Indiquez l’adresse du client (mention obligatoire).'
  if (content.title.trim() === '') fields.title = 'Donnez un titre au devis (par exemple « Rénovation salle de bains »).'
  if (workLines(content.lines).length === 0) fields.lines = 'Ajoutez au moins une ligne.'
  content.lines.forEach((line, index) => {
    if (!isSection(line)) {
      if (line.description.trim() === '') fields[`lines.${index}.description`] = 'Décrivez cette ligne.'
      return
    }
    if (line.title.trim() === '') fields[`lines.${index}.title`] = 'Donnez un titre à cette section (par exemple « Lot 1 — Plomberie »).'
    const next = content.lines[index + 1]
    // A heading with nothing under it would print a subtotal of nothing.
    if (next === undefined || isSection(next))
      fields[`lines.${index}.title`] ??= 'Cette section n’a aucune ligne : ajoutez-en une sous son titre, ou supprimez la section.'
  })
  if (expiryDate(content.issueDate, content.validityDays) < parisIsoDate(now)) {
    fields.issueDate = 'Avec cette date et cette durée de validité, le devis serait déjà expiré : changez la date ou la validité.'
  }
  return fields
}
