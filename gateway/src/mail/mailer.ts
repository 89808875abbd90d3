// Sending one e-mail over SMTP with nodemailer. One connection per message (no pool): the
// outbox sends a few messages at a time, and a fresh connection recovers from any server restart.
// nodemailer is imported at the first message, not at start (≈ 80 ms of a start that sends none).
import type { Transporter } from 'nodemailer'
import type { MailConfig } from '../config.js'
import type { EmailAttachment } from './outbox.js'

export interface OutgoingEmail {
  to: string
  subject: string
  text: string
  html: string
  replyTo: string | null
  /** The From display name; null: the site's (SMTP_SENDER_NAME). */
  fromName: string | null
  /**
   * The company's own address and DKIM key: From becomes that address (under the company's name)
   * and the message is DKIM-signed for its domain; the envelope stays the site's, so bounces
   * come back to the operator. null: the site's address.
   */
  sender: { name: string; address: string; selector: string; privateKey: string } | null
  attachments: readonly EmailAttachment[]
  /**
   * Stable per outbox row (`outbox.<id>.<created>`): a second delivery of the same row carries
   * the same Message-ID, which mail services use to show duplicates once.
   */
  key: string
}

export interface Mailer {
  /** Resolves once the SMTP server has accepted the message. */
  send: (email: OutgoingEmail) => Promise<void>
  close: () => void
}

export type SmtpTransport = NonNullable<MailConfig['transport']>

/**
 * Every wait is bounded, so that a send always ends well within the outbox's lease (another
 * instance would otherwise take the message over while it is still being sent).
 */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 } as const

export function createSmtpMailer(transport: SmtpTransport, from: MailConfig['from']): Mailer {
  const domain = from.address.slice(from.address.lastIndexOf('@') + 1) || 'localhost'
  let transporter: Promise<Transporter> | undefined
  const transporterOnce = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: transport.host,
        port: transport.port,
        secure: transport.secure,
        ...(transport.user === null ? {} : { auth: { user: transport.user, pass: transport.pass ?? '' } }),
        connectionTimeout: SMTP_TIMEOUTS_MS.connection,
        greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
        socketTimeout: SMTP_TIMEOUTS_MS.socket
      })
    ))
  return {
    async send(email) {
      const own = email.sender
      await (
        await transporterOnce()
      ).sendMail({
        from: own === null ? { name: email.fromName ?? from.name, address: from.address } : { name: own.name, address: own.address },
        ...(own === null
          ? {}
          : {
              envelope: { from: from.address, to: email.to },
              dkim: {
                domainName: own.address.slice(own.address.lastIndexOf('@') + 1).toLowerCase(),
                keySelector: own.selector,
                privateKey: own.privateKey
              }
            }),
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.replyTo === null ? {} : { replyTo: email.replyTo }),
        messageId: `<${email.key}@${domain}>`,
        attachments: email.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.contentBase64,
          encoding: 'base64',
          ...(attachment.cid === undefined ? {} : { cid: attachment.cid })
        }))
      })
    },
    close: () => void transporter?.then((created) => created.close())
  }
}
