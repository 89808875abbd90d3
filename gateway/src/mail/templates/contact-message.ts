// The e-mail the operator receives for each message of the contact form. Replying to it answers
// the visitor (the outbox sets Reply-To to the visitor's address).
import { formatDateTimeWithZone } from '@paraphe/shared/dates'
import { singleLine } from '../outbox.js'
import { COLON, renderEmailLayout, type EmailBlock, type EmailContent, type SiteIdentity } from './layout.js'

export type { SiteIdentity } from './layout.js'

export interface ContactSubmission {
  name: string
  email: string
  company: string
  phone: string
  subject: string
  message: string
}

const SUBJECT_MAX = 200

export function contactMessageEmail(submission: ContactSubmission, site: SiteIdentity, receivedAt: Date): EmailContent {
  const facts: Array<{ label: string; value: string }> = [
    { label: 'Nom', value: submission.name },
    { label: 'E-mail', value: submission.email }
  ]
  if (submission.company !== '') facts.push({ label: 'Entreprise', value: submission.company })
  if (submission.phone !== '') facts.push({ label: 'Téléphone', value: submission.phone })
  facts.push({ label: 'Sujet', value: submission.subject }, { label: 'Reçu le', value: formatDateTimeWithZone(receivedAt) })

  const blocks: EmailBlock[] = [
    { type: 'paragraph', text: `${submission.name} vous a écrit depuis le formulaire de contact du site.` },
    { type: 'facts', rows: facts },
    { type: 'quote', text: submission.message },
    {
      type: 'note',
      text: `Pour répondre, répondez simplement à cet e-mail${COLON} votre réponse partira vers ${submission.email}.`
    }
  ]
  const rendered = renderEmailLayout({
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    heading: 'Nouveau message de contact',
    blocks,
    footer: `Vous recevez cet e-mail parce que votre adresse est celle de l’exploitant de ${site.siteName}.`
  })
  const subject = singleLine(`[${site.siteName}] ${submission.subject} — ${submission.name}`).slice(0, SUBJECT_MAX)
  return { subject, ...rendered }
}
