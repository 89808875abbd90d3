import t from 'tap'
import { JPEG_LOGO, makePng } from '../pdf/quote-fixtures.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, newUser } from '../support/workspace-users.js'

const app = await buildWorkspaceApp()
t.teardown(() => app.close())

interface ProfileJson {
  profile: typeof COMPLETE_PROFILE
  logo: { type: string; updatedAt: string } | null
}
interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> }
}

t.test('a new account has an empty profile; saving normalises the identifiers', async (t) => {
  const user = await newUser(app)
  const empty = (await user.request('GET', '/api/profile')).json<ProfileJson>()
  t.match(empty, { profile: { companyName: '', defaultValidityDays: 30, franchiseEnBase: false }, logo: null })
  const saved = await user.request('PUT', '/api/profile', {
    ...COMPLETE_PROFILE,
    siret: '732.829.320 00074',
    vatNumber: 'fr 44 732829320',
    companyName: '  Dupont Rénovation '
  })
  t.equal(saved.statusCode, 200)
  t.match(saved.json<ProfileJson>().profile, { siret: '73282932000074', vatNumber: 'FR44732829320', companyName: 'Dupont Rénovation' })
  t.match((await user.request('GET', '/api/profile')).json<ProfileJson>().profile, { siret: '73282932000074' }, 'stored')
})

t.test('SIRET, VAT number and e-mail are checked with French messages', async (t) => {
  const user = await newUser(app)
  const cases: Array<[Partial<typeof COMPLETE_PROFILE>, Record<string, string | RegExp>]> = [
    [{ siret: '1234' }, { siret: 'Le SIRET compte 14 chiffres.' }],
    [{ siret: '73282932000075' }, { siret: /clé de contrôle incorrecte/ }],
    [{ vatNumber: 'FR45732829320' }, { vatNumber: /la clé ne correspond pas au SIREN/ }],
    [{ vatNumber: 'DE123' }, { vatNumber: /s’écrit FR, 2 chiffres de clé/ }],
    [{ vatNumber: 'FR83404833048', siret: COMPLETE_PROFILE.siret }, { vatNumber: /ne correspond pas au SIREN de votre SIRET/ }],
    [{ email: 'contact@' }, { email: 'Cette adresse e-mail n’est pas valide.' }],
    [{ defaultValidityDays: 0 }, { defaultValidityDays: 'La valeur doit être au moins 1.' }],
    [{ companyName: 'x'.repeat(121) }, { companyName: 'Au plus 120 caractères.' }],
    [{ iban: 'FR76 3000 6000 0112 3456 7890 188', bic: 'AGRIFRPP' }, { iban: /clé de contrôle incorrecte/ }],
    [{ iban: 'FR76 3000 6000 0112 3456 7890 189' }, { bic: /Indiquez aussi le BIC/ }],
    [{ mediatorUrl: 'cm2c' }, { mediatorUrl: /adresse complète du site du médiateur/ }]
  ]
  for (const [change, fields] of cases) {
    const response = await user.request('PUT', '/api/profile', { ...COMPLETE_PROFILE, ...change })
    t.equal(response.statusCode, 400, JSON.stringify(change))
    t.match(response.json<ErrorJson>().error.fields, fields)
  }
  t.equal((await user.request('GET', '/api/profile')).json<ProfileJson>().profile.companyName, '', 'nothing was saved')
  const laPoste = await user.request('PUT', '/api/profile', {
    ...COMPLETE_PROFILE,
    siret: '35600000000048',
    vatNumber: '',
    franchiseEnBase: true
  })
  t.equal(laPoste.statusCode, 200, 'La Poste’s establishments follow their own checksum')
})

t.test('bank details and the consumer mediator are kept, the IBAN and BIC normalised', async (t) => {
  const user = await newUser(app)
  const saved = await user.request('PUT', '/api/profile', {
    ...COMPLETE_PROFILE,
    iban: 'fr76 3000 6000 0112 3456 7890 189',
    bic: 'agri fr pp',
    mediatorName: 'CM2C',
    mediatorUrl: 'https://www.cm2c.net'
  })
  t.equal(saved.statusCode, 200)
  t.match((await user.request('GET', '/api/profile')).json<ProfileJson>().profile, {
    iban: 'FR7630006000011234567890189',
    bic: 'AGRIFRPP',
    mediatorName: 'CM2C',
    mediatorUrl: 'https://www.cm2c.net'
  })
})

t.test('logo: PNG and JPEG are kept, SVG and junk are refused in French, size is capped', async (t) => {
  const user = await newUser(app)
  const upload = (body: Uint8Array | string, type: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/profile/logo',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': type },
      payload: Buffer.from(body)
    })
  t.equal((await user.request('GET', '/api/profile/logo')).statusCode, 404)

  const png = makePng(120, 40)
  const stored = await upload(png, 'image/png')
  t.equal(stored.statusCode, 200)
  t.equal(stored.json<ProfileJson>().logo?.type, 'image/png')
  const fetched = await user.request('GET', '/api/profile/logo')
  t.equal(fetched.headers['content-type'], 'image/png')
  t.same(Buffer.from(fetched.rawPayload), Buffer.from(png), 'the same bytes come back')

  const jpeg = await upload(JPEG_LOGO, 'application/octet-stream')
  t.equal(jpeg.json<ProfileJson>().logo?.type, 'image/jpeg', 'the type comes from the content, not the header')

  const svg = await upload(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    'image/svg+xml'
  )
  t.equal(svg.statusCode, 415)
  t.match(svg.json<ErrorJson>().error.message, /PNG ou JPEG.*SVG ne sont pas acceptés/)
  const fakePng = await upload(Buffer.concat([Buffer.from(png.subarray(0, 8)), Buffer.from('pas une image')]), 'image/png')
  t.equal(fakePng.statusCode, 415)
  t.match(fakePng.json<ErrorJson>().error.message, /illisible/)
  const huge = await upload(Buffer.alloc(600_000, 1), 'image/png')
  t.equal(huge.statusCode, 413)
  t.equal((await user.request('GET', '/api/profile/logo')).headers['content-type'], 'image/jpeg', 'refused uploads keep the previous logo')

  t.equal((await user.request('DELETE', '/api/profile/logo')).statusCode, 204)
  t.equal((await user.request('GET', '/api/profile')).json<ProfileJson>().logo, null)
})
