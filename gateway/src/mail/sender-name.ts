// Who an e-mail to a professional's client comes from: « Dupont Rénovation via Paraphe ». The
// address stays the site's (its domain is the one the SMTP service vouches for: SPF, DKIM), and
// Reply-To is the company's, so the client's answer reaches the professional. A company with its
// own confirmed sender address (company-sender/) sends as « Dupont Rénovation » from it instead.
import { singleLine } from './outbox.js'

/** Display names past this are cut (mail clients show little more). */
const MAX_COMPANY_NAME = 60

/** The company's name as a From display name: one line, no quotes or angle brackets, cut; null when empty. */
export function companyDisplayName(companyName: string): string | null {
  const name = singleLine(companyName).replace(/["<>]/g, '')
  if (name === '') return null
  return name.length > MAX_COMPANY_NAME ? `${name.slice(0, MAX_COMPANY_NAME - 1)}…` : name
}

export function senderNameFor(companyName: string, siteName: string): string | null {
  const name = companyDisplayName(companyName)
  return name === null ? null : `${name} via ${siteName}`
}
