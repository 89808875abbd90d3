// « Acompte à la signature » on the invoice list, in a DOM against the real gateway: off by
// default and read only once the panel opens, turned on and off with what it will do said after
// saving, and a failed load or save said in French with the box kept as the user left it.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen } from '@testing-library/dom'
import { DepositSettings } from '@/features/invoices/components/deposit-settings'
import { createApiClient } from '@/lib/api-client'
import { press, renderPage, startGateway } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)
const label = 'Émettre et envoyer la facture d’acompte dès la signature du devis'

async function opened() {
  const details = (await screen.findByText('Acompte à la signature')).closest('details')
  if (details === null) throw new Error('no details element')
  details.open = true
  fireEvent(details, new Event('toggle'))
}

t.test('off by default, read when opened, turned on then off', async (t) => {
  const owner = await gateway.owner('pro')
  t.teardown(renderPage(<DepositSettings />, { api: owner.api, userId: owner.id }))
  await screen.findByText('Acompte à la signature')
  t.equal(screen.queryByLabelText(label), null, 'nothing read before the panel opens')
  await opened()
  const box = await screen.findByLabelText<HTMLInputElement>(label)
  t.equal(box.checked, false, 'off by default')

  fireEvent.click(box)
  await press('Enregistrer')
  t.ok(await screen.findByText(/Enregistré : à chaque signature d’un devis avec acompte, la facture d’acompte sera émise et envoyée/))
  const stored = await gateway.app.db.query<{ deposit_at_signature: boolean }>(
    'select deposit_at_signature from paraphe.invoice_settings where company_id = $1',
    [owner.id]
  )
  t.same(
    stored.rows.map((row) => row.deposit_at_signature),
    [true]
  )

  fireEvent.click(box)
  await press('Enregistrer')
  t.ok(await screen.findByText('Enregistré : vous émettez vous-même les factures d’acompte depuis le devis signé.'))
})

t.test('a load that fails is said and tried again; a save that fails is said, the choice kept', async (t) => {
  const owner = await gateway.owner('pro')
  let failing = true
  const api = createApiClient({
    getAccessToken: async () => owner.token,
    fetch: (input, init) => (failing ? Promise.reject(new TypeError('fetch failed')) : gateway.fetch(input, init))
  })
  const unmount = renderPage(<DepositSettings />, { api, userId: owner.id })
  await opened()
  t.match((await screen.findByRole('alert')).textContent, /connexion|réseau|joindre/i, 'the failed load said')
  failing = false
  await press('Réessayer')
  t.ok(await screen.findByLabelText<HTMLInputElement>(label), 'read again in place once the network is back')
  unmount()

  t.teardown(renderPage(<DepositSettings />, { api, userId: owner.id }))
  await opened()
  const box = await screen.findByLabelText<HTMLInputElement>(label)
  fireEvent.click(box)
  failing = true
  await press('Enregistrer')
  t.match((await screen.findByRole('alert')).textContent, /connexion|réseau|joindre/i, 'the failed save said')
  t.equal(box.checked, true, 'the box as the user left it')
})
