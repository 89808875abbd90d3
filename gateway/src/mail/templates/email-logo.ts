// The company's logo in the e-mails to its client (signing request, reminders), on the plans that
// print it: an inline attachment the HTML shows by its Content-ID, so no image is fetched from
// the site (a remote image would tell us when the client opens the e-mail, and mail apps block it).
import type { EmailAttachment } from '../outbox.js'
import type { EmailLayout } from './layout.js'

export interface StoredLogo {
  bytes: Uint8Array
  type: 'image/png' | 'image/jpeg'
}

export const LOGO_CID = 'logo@paraphe'

export interface EmailLogo {
  layout: NonNullable<EmailLayout['logo']>
  attachment: EmailAttachment
}

/** The logo frozen with the quote (null when its plan did not include it at sending). */
export function emailLogo(logo: StoredLogo | null, companyName: string): EmailLogo | null {
  if (logo === null) return null
  return {
    layout: { cid: LOGO_CID, alt: companyName },
    attachment: {
      filename: logo.type === 'image/png' ? 'logo.png' : 'logo.jpg',
      contentType: logo.type,
      contentBase64: Buffer.from(logo.bytes).toString('base64'),
      cid: LOGO_CID
    }
  }
}
