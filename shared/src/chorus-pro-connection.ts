// The rules of the Chorus Pro access form (« Ma plateforme agréée », its Chorus Pro section), for
// the page and the gateway alike.
import type { PutChorusPro } from './api/chorus-pro-schemas.js'
import { platformUrl } from './platform-connection.js'

export type ChorusProForm = PutChorusPro

export interface CheckedChorusPro {
  apiUrl: string
  tokenUrl: string
  clientId: string
  accountLogin: string
  /** null: keep the stored one. */
  clientSecret: string | null
  accountPassword: string | null
}

export type ChorusProCheck = { ok: true; value: CheckedChorusPro } | { ok: false; problems: Partial<Record<keyof ChorusProForm, string>> }

/** PISTE's production addresses, shown as examples (the qualification ones differ: sandbox-…). */
export const PISTE_EXAMPLES = {
  apiUrl: 'https://api.piste.gouv.fr',
  tokenUrl: 'https://oauth.piste.gouv.fr/api/oauth/token'
} as const

/** `hasStored`: the access exists, so empty secrets keep the stored ones (never shown again). */
export function checkChorusProForm(form: ChorusProForm, hasStored: boolean): ChorusProCheck {
  const problems: Partial<Record<keyof ChorusProForm, string>> = {}
  const apiUrl = platformUrl(form.apiUrl)
  if (apiUrl === null) problems.apiUrl = `Indiquez l’adresse de l’API PISTE, en https:// (par exemple ${PISTE_EXAMPLES.apiUrl}).`
  const tokenUrl = platformUrl(form.tokenUrl)
  if (tokenUrl === null) problems.tokenUrl = `Indiquez l’adresse des jetons PISTE, en https:// (par exemple ${PISTE_EXAMPLES.tokenUrl}).`
  const clientId = form.clientId.trim()
  if (clientId === '') problems.clientId = 'Indiquez l’identifiant client (client id) de votre application PISTE.'
  const accountLogin = form.accountLogin.trim()
  if (accountLogin === '') problems.accountLogin = 'Indiquez l’identifiant du compte technique Chorus Pro.'
  else if (accountLogin.includes(':')) problems.accountLogin = 'L’identifiant du compte technique ne peut pas contenir « : ».'
  const clientSecret = form.clientSecret.trim()
  if (clientSecret === '' && !hasStored) problems.clientSecret = 'Indiquez le secret client (client secret) de votre application PISTE.'
  const accountPassword = form.accountPassword
  if (accountPassword.trim() === '' && !hasStored) problems.accountPassword = 'Indiquez le mot de passe du compte technique Chorus Pro.'
  if (Object.keys(problems).length > 0) return { ok: false, problems }
  return {
    ok: true,
    value: {
      apiUrl: apiUrl as string,
      tokenUrl: tokenUrl as string,
      clientId,
      accountLogin,
      clientSecret: clientSecret === '' ? null : clientSecret,
      accountPassword: accountPassword.trim() === '' ? null : accountPassword
    }
  }
}
