// A public buyer's rules, shared by the client form, the invoice and the gateway: the SIRET
// required and checked with its key, the code service and the engagement number bounded, a private
// person never public; and the Chorus Pro access form's rules.
import t from 'tap'
import { checkChorusProForm } from '../src/chorus-pro-connection.js'
import { checkPublicBuyer, engagementNumberProblem, PUBLIC_BUYER_LIMITS, serviceCodeProblem } from '../src/public-buyer.js'
import { checkSavedClient, EMPTY_SAVED_CLIENT } from '../src/saved-clients.js'

t.test('a public buyer: SIRET with its key, code service trimmed', async (t) => {
  t.same(checkPublicBuyer({ siret: '217 500 016 00019', serviceCode: ' ECOLES ' }), {
    ok: true,
    value: { siret: '21750001600019', serviceCode: 'ECOLES' }
  })
  t.match(checkPublicBuyer({ siret: '', serviceCode: '' }), { ok: false, problems: { siret: /obligatoire/ } })
  t.match(checkPublicBuyer({ siret: '21750001600018', serviceCode: 'x'.repeat(PUBLIC_BUYER_LIMITS.serviceCode + 1) }), {
    ok: false,
    problems: { siret: /clé de contrôle/, serviceCode: /Au plus 100/ }
  })
  t.match(serviceCodeProblem('a\u0000b'), /invalide/)
  t.equal(engagementNumberProblem('EJ-1'), null)
  t.match(engagementNumberProblem('x'.repeat(51)), /au plus 50 caractères/)
  t.match(engagementNumberProblem('\u0000'), /invalide/)
})

t.test('a saved client marked public', async (t) => {
  const business = { ...EMPTY_SAVED_CLIENT, kind: 'business' as const, company: 'Mairie', publicBuyer: true, serviceCode: ' S1 ' }
  t.match(checkSavedClient(business), { ok: false, problems: { siret: /obligatoire/ } })
  t.match(checkSavedClient({ ...business, siret: '21750001600019' }), { ok: true, client: { publicBuyer: true, serviceCode: 'S1' } })
  t.match(checkSavedClient({ ...business, siret: '21750001600019', serviceCode: 'x'.repeat(101) }), {
    ok: false,
    problems: { serviceCode: /Au plus/ }
  })
  t.match(checkSavedClient({ ...EMPTY_SAVED_CLIENT, name: 'Mme Martin', publicBuyer: true }), {
    ok: false,
    problems: { publicBuyer: /client professionnel/ }
  })
  t.match(
    checkSavedClient({ ...business, publicBuyer: false }),
    { ok: true, client: { publicBuyer: false, serviceCode: '' } },
    'not public: no code service kept'
  )
})

t.test('the Chorus Pro access form', async (t) => {
  const form = {
    apiUrl: 'https://api.piste.gouv.fr/',
    tokenUrl: 'https://oauth.piste.gouv.fr/api/oauth/token',
    clientId: ' id ',
    clientSecret: '',
    accountLogin: 'TECH@cpro.fr',
    accountPassword: ''
  }
  t.match(checkChorusProForm(form, false), { ok: false, problems: { clientSecret: /secret client/, accountPassword: /mot de passe/ } })
  t.same(checkChorusProForm(form, true), {
    ok: true,
    value: {
      apiUrl: 'https://api.piste.gouv.fr',
      tokenUrl: form.tokenUrl,
      clientId: 'id',
      accountLogin: 'TECH@cpro.fr',
      clientSecret: null,
      accountPassword: null
    }
  })
  t.match(checkChorusProForm({ ...form, tokenUrl: 'oauth', clientId: '', accountLogin: 'a:b' }, true), {
    ok: false,
    problems: { tokenUrl: /jetons PISTE/, clientId: /client id/, accountLogin: /« : »/ }
  })
})
