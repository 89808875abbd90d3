// « Ma plateforme agréée » in a DOM against the real gateway and the plateforme agréée's stand-in
// (XP Z12-013 flow API, test tree only): the empty form explained field by field, credentials the
// platform refuses said in French by « Tester la connexion », the right ones tested, the secret
// never shown back (the page read again shows the addresses, not it), the API key's form, a
// network failure on each action, and the connection removed.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen, waitFor } from '@testing-library/dom'
import { Component as PlatformPage } from '@/features/platform/routes/platform'
import { createApiClient } from '@/lib/api-client'
import { startStandInPa } from '../../../gateway/test/support/stand-in-pa.js'
import { press, renderPage, startGateway, textOf, typeInto, untilText } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)
const pa = await startStandInPa()
t.teardown(pa.close)

const valueOf = (label: string | RegExp): string => screen.getByLabelText<HTMLInputElement>(label).value

t.test('connect, refused credentials in French, the right ones, the secret never shown back, disconnect', async (t) => {
  const owner = await gateway.owner()
  let unmount = renderPage(<PlatformPage />, { api: owner.api, userId: owner.id })
  await screen.findByRole('heading', { name: 'Connecter ma plateforme' })
  t.equal(screen.queryByRole('button', { name: 'Tester la connexion' }), null, 'nothing to test before a connection is saved')
  t.match(textOf(), 'Chiffré dès réception, il n’est plus jamais affiché.')

  await press('Enregistrer')
  await untilText('Indiquez l’adresse de l’API de votre plateforme')
  t.match(textOf(), 'Indiquez l’adresse des jetons (token URL)')
  t.match(textOf(), 'Indiquez l’identifiant client (client id)')
  t.match(textOf(), 'Indiquez le secret client (client secret).')
  t.equal(document.activeElement?.id, screen.getByLabelText('Adresse de l’API').id, 'the first wrong field has the focus')
  t.equal(screen.getByLabelText('Adresse de l’API').getAttribute('aria-invalid'), 'true')

  typeInto('Adresse de l’API', pa.url)
  typeInto('Adresse des jetons', pa.tokenUrl)
  typeInto('Identifiant client', pa.clientId)
  typeInto('Secret client', 'pas-le-bon-secret')
  await press('Enregistrer')
  await untilText('Connexion enregistrée. Testez-la pour vérifier les identifiants.')
  t.equal(valueOf('Secret client'), '', 'the secret field is emptied once saved')
  await screen.findByRole('heading', { name: 'Accès à ma plateforme' })
  t.match(textOf(), 'Enregistré et chiffré, il n’est plus affiché')
  t.equal(screen.getByLabelText('Adresse de l’API').getAttribute('aria-invalid'), null, 'the problems are gone')

  await press('Tester la connexion')
  const refused = await screen.findByRole('alert')
  t.match(textOf(refused), /^Identifiants refusés/, 'the platform’s refusal, in French')
  await untilText(/Dernier test le .+ : Identifiants refusés/)

  typeInto('Secret client', pa.clientSecret)
  await press('Enregistrer')
  await untilText('Connexion enregistrée.')
  await press('Tester la connexion')
  await untilText('Connexion réussie : la plateforme a donné un jeton et son contrôle de santé répond.')
  await untilText(/Dernier test le .+ : connexion réussie\./)
  t.notMatch(document.body.innerHTML, pa.clientSecret, 'the secret is nowhere in the page')

  // The page read again: the addresses and the client id come back, the secret does not.
  unmount()
  unmount = renderPage(<PlatformPage />, { api: owner.api, userId: owner.id })
  await screen.findByRole('heading', { name: 'Accès à ma plateforme' })
  t.equal(valueOf('Adresse de l’API'), pa.url)
  t.equal(valueOf('Adresse des jetons'), pa.tokenUrl)
  t.equal(valueOf('Identifiant client'), pa.clientId)
  t.equal(valueOf('Secret client'), '', 'never given back')
  t.notMatch(document.body.innerHTML, pa.clientSecret)
  // An empty secret keeps the stored one: saving again and testing still connects.
  await press('Enregistrer')
  await untilText('Connexion enregistrée.')
  await press('Tester la connexion')
  await untilText('Connexion réussie')

  await press('Supprimer la connexion')
  await untilText('Connexion supprimée : vos factures aux entreprises ne sont plus transmises à une plateforme.')
  await screen.findByRole('heading', { name: 'Connecter ma plateforme' })
  t.equal(valueOf('Adresse de l’API'), '', 'the form starts over')
  t.equal(screen.queryByRole('button', { name: 'Supprimer la connexion' }), null)
  const { rows } = await gateway.app.db.query('select 1 from paraphe.platform_connections where company_id = $1', [owner.id])
  t.equal(rows.length, 0, 'removed from the database')
  unmount()
})

t.test('an API key instead of OAuth2: one secret field, named for it', async (t) => {
  const owner = await gateway.owner()
  t.teardown(renderPage(<PlatformPage />, { api: owner.api, userId: owner.id }))
  await screen.findByRole('heading', { name: 'Connecter ma plateforme' })
  screen.getByLabelText('Clé d’API', { selector: 'input[type="radio"]' }).click()
  await waitFor(() => {
    if (screen.queryByLabelText('Adresse des jetons') !== null) throw new Error('the token address is still asked')
  })
  t.equal(screen.queryByLabelText('Identifiant client'), null, 'no client id with an API key')
  await press('Enregistrer')
  await untilText('Indiquez la clé d’API.')
  typeInto('Adresse de l’API', 'ftp://plateforme')
  fireEvent.change(screen.getByLabelText('Clé d’API', { selector: 'input[type="password"]' }), { target: { value: 'cle-de-demo' } })
  await press('Enregistrer')
  await untilText('en https:// (par exemple https://api.ma-plateforme.fr)')
  typeInto('Adresse de l’API', pa.url)
  await press('Enregistrer')
  await untilText('Connexion enregistrée.')
  const { rows } = await gateway.app.db.query<{ auth_kind: string }>(
    'select auth_kind from paraphe.platform_connections where company_id = $1',
    [owner.id]
  )
  t.same(rows, [{ auth_kind: 'api_key' }])
})

t.test('the gateway out of reach: the reading offers to retry, each action says so in French', async (t) => {
  const owner = await gateway.owner()
  let reachable = false
  const api = createApiClient({
    getAccessToken: async () => owner.token,
    fetch: (input, init) => (reachable ? gateway.fetch(input, init) : Promise.reject(new TypeError('fetch failed')))
  })
  t.teardown(renderPage(<PlatformPage />, { api, userId: owner.id }))
  t.match(textOf(await screen.findByRole('alert')), 'Le serveur ne répond pas.')
  t.equal(screen.queryByRole('heading', { name: /plateforme/, level: 2 }), null, 'no form without the saved connection')
  reachable = true
  await press('Réessayer')
  await screen.findByRole('heading', { name: 'Connecter ma plateforme' })

  typeInto('Adresse de l’API', pa.url)
  typeInto('Adresse des jetons', pa.tokenUrl)
  typeInto('Identifiant client', pa.clientId)
  typeInto('Secret client', pa.clientSecret)
  reachable = false
  await press('Enregistrer')
  t.match(textOf(await screen.findByRole('alert')), 'Le serveur ne répond pas.', 'saving while offline')
  t.equal(valueOf('Secret client'), pa.clientSecret, 'nothing typed is lost')
  reachable = true
  await press('Enregistrer')
  await untilText('Connexion enregistrée.')

  reachable = false
  await press('Tester la connexion')
  t.match(textOf(await screen.findByRole('alert')), 'Le serveur ne répond pas.', 'testing while offline')
  await press('Supprimer la connexion')
  await untilText('Connexion supprimée', true)
  t.match(textOf(await screen.findByRole('alert')), 'Le serveur ne répond pas.', 'removing while offline')
  t.ok(screen.getByRole('button', { name: 'Supprimer la connexion' }), 'the connection is still there')
})
