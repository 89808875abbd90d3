// Who an e-mail to a professional's client comes from: « Dupont Rénovation via Paraphe ». The
// address stays the site's (its domain is the one the SMTP service vouches for: SPF, DKIM), and
// Reply-To is the company's, so the client's answer reaches the professional.
import { singleLine } from './outbox.js'

/** Display names past this are cut (mail clients show little more). */
const MAX_COMPANY_NAME = 60

export function senderNameFor(companyName: string, siteName: string): string | null {
  const name = singleLine(companyName).replace(/["<>]/g, '')
  if (name === '') return null
  return `${name.length > MAX_COMPANY_NAME ? `${name.slice(0, MAX_COMPANY_NAME - 1)}…` : name} via ${siteName}`
}
