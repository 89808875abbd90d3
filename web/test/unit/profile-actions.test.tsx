// Saving the company profile and its logo against the real gateway (PGlite, signed tokens): local
// checks first (nothing sent), the gateway's answer on the fields, the logo's own checks.
import t from 'tap'
import type { AddressInfo } from 'node:net'
import { buildWorkspaceApp, COMPLETE_PROFILE, newUser } from '../../../gateway/test/support/workspace-users.js'
import { createApiClient } from '@/lib/api-client'
import { removeLogo, saveProfile, uploadLogo } from '@/features/profile/lib/profile-actions'
import { profileFormOf } from '@/features/profile/lib/profile-form'
import { getProfile } from '@/hooks/use-profile'

const app = await buildWorkspaceApp()
await app.listen({ host: '127.0.0.1', port: 0 })
t.teardown(() => app.close())
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
const requests: string[] = []
const local: typeof fetch = (input, init) => {
  requests.push(`${init?.method ?? 'GET'} ${String(input)}`)
  return fetch(new URL(String(input), origin), init)
}
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

t.test('the profile form: checked here, then saved and normalised by the gateway', async (t) => {
  const user = await newUser(app)
  const api = createApiClient({ getAccessToken: async () => user.token, fetch: local })
  const form = profileFormOf(COMPLETE_PROFILE)
  requests.length = 0
  const wrong = await saveProfile(api, { ...form, siret: '732 829 320 00075' })
  t.match(wrong, { kind: 'invalid', errors: { siret: /clé de contrôle/ } })
  t.same(requests, [], 'nothing sent')
  const saved = await saveProfile(api, { ...form, vatNumber: 'fr 44 732 829 320' })
  t.match(saved, { kind: 'saved', profile: { siret: '73282932000074', vatNumber: 'FR44732829320' } })
  t.same(requests, ['PUT /api/profile'])
  const expired = createApiClient({ getAccessToken: async () => 'pas-un-jeton', fetch: local })
  t.same(await saveProfile(expired, form), { kind: 'failed', message: 'Jeton d’accès illisible.' }, 'the gateway’s message')
})

t.test('the logo: checked here, stored, removed', async (t) => {
  const user = await newUser(app)
  const api = createApiClient({ getAccessToken: async () => user.token, fetch: local })
  requests.length = 0
  t.match(await uploadLogo(api, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })), { kind: 'failed', message: /SVG/ })
  t.same(requests, [], 'an SVG is not even sent')
  t.same(await uploadLogo(api, new File([PNG], 'logo.png', { type: 'image/png' })), { kind: 'done', message: 'Logo enregistré.' })
  t.match(await getProfile(api), { logo: { type: 'image/png' } })
  t.match(
    await uploadLogo(api, new File([Buffer.from('pas une image')], 'faux.png', { type: 'image/png' })),
    { kind: 'failed', message: /PNG ou JPEG/ },
    'the gateway checks the bytes'
  )
  t.same(await removeLogo(api), { kind: 'done', message: 'Logo retiré.' })
  t.match(await getProfile(api), { logo: null })
  const offline = createApiClient({
    getAccessToken: async () => user.token,
    fetch: async () => Promise.reject(new TypeError('fetch failed'))
  })
  t.match(await removeLogo(offline), { kind: 'failed', message: /ne répond pas/ })
})
