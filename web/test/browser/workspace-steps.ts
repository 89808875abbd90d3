// Steps of the professional's workspace in Chromium, shared by the workspace tests and the
// whole-job test on the embedded default: the profile, a new quote, its client and lines, and the
// autosave that follows a change.
import type { Locator, Page, Request } from 'playwright-core'
import { gotoHydrated, inPage } from './harness.js'

/** Where supabase-js keeps the session of a site served from 127.0.0.1. */
const STORAGE_KEY = 'sb-127-auth-token'

/** Signs in with the form of /connexion and waits for /espace with its data loaded. */
export async function signIn(page: Page, url: (path: string) => string, email: string, password: string): Promise<void> {
  await gotoHydrated(page, url('/connexion'))
  await page.getByLabel('Adresse e-mail', { exact: true }).fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await page.waitForURL(url('/espace'))
  await page.locator('.account__greeting').filter({ hasText: email }).waitFor({ state: 'attached' })
}

/** Calls the gateway's API with `token` (to prepare data); the JSON answer, null for 204; throws on a refusal. */
export async function callApi<T>(url: (path: string) => string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(url(path), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (response.status === 204 ? null : await response.json()) as T
}

/** The signed-in user's access token, to prepare data through the API directly. */
export async function accessToken(page: Page): Promise<string> {
  const stored = await inPage(page, `localStorage.getItem(${JSON.stringify(STORAGE_KEY)})`)
  if (typeof stored !== 'string') throw new Error('no stored session')
  return (JSON.parse(stored) as { access_token: string }).access_token
}

/** A valid SIRET (Luhn on the SIREN and on the whole) and its French VAT number. */
export const SIRET = '732 829 320 00074'
export const VAT_NUMBER = 'FR44732829320'

export const isSave = (request: Request) => request.method() === 'PUT' && /\/api\/quotes\/[^/]+$/.test(new URL(request.url()).pathname)

export function saveStatus(page: Page): Locator {
  return page.locator('#quote-save-status')
}

/** Waits for the autosave that follows the last change, then for « Enregistré ». */
export async function waitForSaved(page: Page, change: () => Promise<void>): Promise<Request> {
  const save = page.waitForRequest(isSave)
  await change()
  const request = await save
  await saveStatus(page)
    .filter({ hasText: /^Enregistré$/ })
    .waitFor()
  return request
}

export function line(page: Page, index: number): Locator {
  return page.locator('.line-card').nth(index)
}

export interface LineInput {
  description: string
  quantity: string
  unit: string
  price: string
  vatBp: number
  discount?: string
}

export async function fillLine(page: Page, index: number, input: LineInput): Promise<void> {
  const card = line(page, index)
  await card.getByLabel('Désignation').fill(input.description)
  await card.getByLabel('Quantité').fill(input.quantity)
  await card.getByLabel('Unité', { exact: true }).selectOption(input.unit)
  await card.getByLabel('Prix unitaire HT').fill(input.price)
  await card.getByLabel('TVA', { exact: true }).selectOption(String(input.vatBp))
  if (input.discount !== undefined) await card.getByRole('textbox', { name: /^Remise/ }).fill(input.discount)
}

export async function fillProfile(page: Page): Promise<void> {
  await page.locator('#profile-companyName').fill('Menuiserie Martin')
  await page.locator('#profile-legalForm').fill('SARL')
  await page.locator('#profile-address').fill('12 rue des Lilas\n69003 Lyon')
  await page.locator('#profile-siret').fill(SIRET)
  await page.locator('#profile-registration').fill('RCS Lyon 732 829 320')
  await page.locator('#profile-vatNumber').fill(VAT_NUMBER)
  await page.locator('#profile-email').fill('contact@menuiserie-martin.fr')
  await page.locator('#profile-phone').fill('04 78 00 00 00')
  // A new account's profile asks the first quote's mentions first; the insurance is one click on.
  const showAll = page.getByRole('button', { name: 'Compléter tout le profil maintenant', exact: true })
  if (await showAll.isVisible()) await showAll.click()
  await page.locator('#profile-insurer').fill('Mutuelle des Artisans')
  await page.locator('#profile-insuranceCoverage').fill('France métropolitaine')
}

/**
 * « Nouveau devis » from the list: the editor opens on a draft that is stored at the first input
 * (the title, here); its own address then replaces /espace/devis/nouveau.
 */
export async function newQuote(page: Page, title = 'Nouveau chantier'): Promise<string> {
  await page.getByRole('link', { name: 'Nouveau devis' }).click()
  await page.getByRole('heading', { level: 1, name: 'Brouillon de devis' }).waitFor()
  await page.locator('#quote-title').fill(title)
  await page.waitForURL(/\/espace\/devis\/[0-9a-f-]{36}$/)
  return new URL(page.url()).pathname.split('/').at(-1) as string
}

export async function fillClient(page: Page): Promise<void> {
  await page.locator('#quote-client-name').fill('Inès Dupont')
  await page.locator('#quote-client-email').fill('ines.dupont@example.fr')
  await page.locator('#quote-client-address').fill('3 place Bellecour\n69002 Lyon')
  await page.locator('#quote-title').fill('Rénovation de la salle de bains')
}
