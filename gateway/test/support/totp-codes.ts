// The code an authenticator app shows for a secret, computed as the app would (otpauth, the
// library the gateway's own accounts verify with): for the API tests and the web's DOM tests.
import { Secret, TOTP } from 'otpauth'

/** The code for `secret` (base32, as the enrolment shows it), `ahead` steps of 30 s from now. */
export const totpCode = (secret: string, ahead = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead * 30_000 })
