// TOTP (RFC 6238) as authenticator apps and GoTrue use it: SHA-1, 6 digits, 30-second steps,
// one step of drift either way. The arithmetic is otpauth's; this file only adds the rule
// GoTrue leaves out: a code of a step already used (or older) is refused, so a code seen over a
// shoulder or in a log cannot be replayed within its window.
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

export const TOTP_PERIOD_SECONDS = 30
const WINDOW = 1

function totp(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) })
}

/** A new random secret (160 bits, RFC 4226's recommendation), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The otpauth:// URI and its QR code as SVG text (GoTrue's `qr_code`; supabase-js makes it a data URI). */
export async function enrolment(secret: string, issuer: string, label: string): Promise<{ uri: string; qrSvg: string }> {
  const uri = totp(secret, issuer, label).toString()
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return { uri, qrSvg }
}

/**
 * The time step `code` belongs to, when it is right for the secret, within one step of now and
 * later than `lastStep`; null otherwise.
 */
export function acceptedStep(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totp(secret, '', '').validate({ token: code, timestamp: now, window: WINDOW })
  if (delta === null) return null
  const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta
  return lastStep !== null && step <= lastStep ? null : step
}
