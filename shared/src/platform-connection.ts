// The rules of « Ma plateforme agréée »'s form, for the page and the gateway alike.
import type { PlatformAuthKind } from './api/platform-schemas.js'

export interface PlatformForm {
  apiUrl: string
  authKind: PlatformAuthKind
  tokenUrl: string
  clientId: string
  secret: string
}

export interface CheckedPlatform {
  apiUrl: string
  authKind: PlatformAuthKind
  tokenUrl: string | null
  clientId: string | null
  /** null: keep the stored secret. */
  secret: string | null
}

export type PlatformCheck = { ok: true; value: CheckedPlatform } | { ok: false; problems: Partial<Record<keyof PlatformForm, string>> }

/** An http(s) address without spaces, its trailing slashes removed; null when it is not one. */
export function platformUrl(input: string): string | null {
  const trimmed = input.trim()
  if (!/^https?:\/\/[^\s]+$/i.test(trimmed)) return null
  try {
    const url = new URL(trimmed)
    if (url.hostname === '' || url.username !== '' || url.password !== '') return null
    return url.href.replace(/\/+$/, '')
  } catch {
    return null
  }
}

/**
 * `hasStoredSecret`: the connection exists, so an empty secret keeps the stored one (it is never
 * shown again, so the page cannot send it back).
 */
export function checkPlatformForm(form: PlatformForm, hasStoredSecret: boolean): PlatformCheck {
  const problems: Partial<Record<keyof PlatformForm, string>> = {}
  const apiUrl = platformUrl(form.apiUrl)
  if (apiUrl === null)
    problems.apiUrl = 'Indiquez l’adresse de l’API de votre plateforme, en https:// (par exemple https://api.ma-plateforme.fr).'
  let tokenUrl: string | null = null
  let clientId: string | null = null
  if (form.authKind === 'oauth2') {
    tokenUrl = platformUrl(form.tokenUrl)
    if (tokenUrl === null) problems.tokenUrl = 'Indiquez l’adresse des jetons (token URL) donnée par votre plateforme, en https://.'
    clientId = form.clientId.trim()
    if (clientId === '') problems.clientId = 'Indiquez l’identifiant client (client id) donné par votre plateforme.'
  }
  const secret = form.secret.trim()
  if (secret === '' && !hasStoredSecret)
    problems.secret = form.authKind === 'oauth2' ? 'Indiquez le secret client (client secret).' : 'Indiquez la clé d’API.'
  if (Object.keys(problems).length > 0) return { ok: false, problems }
  return {
    ok: true,
    value: { apiUrl: apiUrl as string, authKind: form.authKind, tokenUrl, clientId, secret: secret === '' ? null : secret }
  }
}
