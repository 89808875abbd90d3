// The accountant's corner of the invoice list, in a DOM against the real gateway: « Comptes
// comptables (export FEC) » read when opened with the accountant's usual defaults, a wrong account
// refused in French before anything is sent, the accounts saved and shown again, the FEC then
// booking to them; « Exporter pour le comptable » checking its period, downloading the CSV or the
// FEC of the month, the gateway's refusal of a date said in French; and the gateway out of reach.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen, waitFor } from '@testing-library/dom'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { parisIsoDate } from '@paraphe/shared/dates'
import { AccountantExport } from '@/features/invoices/components/accountant-export'
import { AccountingSettings } from '@/features/invoices/components/accounting-settings'
import { createApiClient, type ApiClient } from '@/lib/api-client'
import { press, renderPage, startGateway, textOf, typeInto, untilText, type SignedIn } from './dom/page.js'

t.setTimeout(180_000)

const gateway = await startGateway()
t.teardown(gateway.close)

/** Opens the `<details>` whose summary is `summary`, as a click on it does. */
async function openPanel(summary: string): Promise<void> {
  const details = (await screen.findByText(summary)).closest('details')
  if (details === null) throw new Error('no details element')
  details.open = true
  fireEvent(details, new Event('toggle'))
}

/** The downloads the page hands to the browser: the file's name and its bytes read as text. */
function catchDownloads(teardown: (fn: () => void) => void): Array<{ name: string; text: Promise<string> }> {
  const downloads: Array<{ name: string; text: Promise<string> }> = []
  const blobs = new Map<string, Blob>()
  const createObjectURL = URL.createObjectURL.bind(URL)
  URL.createObjectURL = (blob: Blob) => {
    const url = createObjectURL(blob)
    blobs.set(url, blob)
    return url
  }
  // The browser saves the file; here the link's name and bytes are kept instead of navigating.
  const save = (event: MouseEvent) => {
    const link = event.target
    if (!(link instanceof HTMLAnchorElement)) return
    const blob = blobs.get(link.href)
    if (blob === undefined) return
    event.preventDefault()
    downloads.push({ name: link.download, text: blob.text() })
  }
  document.addEventListener('click', save, true)
  teardown(() => {
    URL.createObjectURL = createObjectURL
    document.removeEventListener('click', save, true)
  })
  return downloads
}

const downloaded = (downloads: unknown[], count: number): Promise<void> =>
  waitFor(() => {
    if (downloads.length < count) throw new Error(`${downloads.length} downloads`)
  })

/** A client that reaches the gateway only while `online.reachable` is true. */
function switchable(user: SignedIn): { api: ApiClient; online: { reachable: boolean } } {
  const online = { reachable: true }
  const api = createApiClient({
    getAccessToken: async () => user.token,
    fetch: (input, init) => (online.reachable ? gateway.fetch(input, init) : Promise.reject(new TypeError('fetch failed')))
  })
  return { api, online }
}

const valueOf = (label: string): string => screen.getByLabelText<HTMLInputElement>(label).value

t.test('the FEC accounts: defaults, a wrong one refused in French, saved and shown again', async (t) => {
  const owner = await gateway.owner()
  let unmount = renderPage(<AccountingSettings />, { api: owner.api, userId: owner.id })
  await screen.findByText('Comptes comptables (export FEC)')
  t.equal(screen.queryByLabelText('Travaux'), null, 'nothing read before the panel opens')
  await openPanel('Comptes comptables (export FEC)')
  await screen.findByLabelText('Travaux')
  t.same(
    ['Travaux', 'Prestations de services', 'Ventes de marchandises', 'Clients', 'TVA collectée à 20 %', 'TVA collectée à 5,5 %'].map(
      valueOf
    ),
    ['704000', '706000', '707000', '411000', '445710', '445710'],
    'the accounts an accountant expects'
  )

  typeInto('Travaux', '604000')
  typeInto('Clients', '41A')
  typeInto('TVA collectée à 10 %', '')
  await press('Enregistrer les comptes')
  t.equal(textOf(await screen.findByRole('alert')), 'Un numéro de compte ne convient pas : corrigez les champs signalés.')
  t.match(textOf(), 'Ce numéro n’est pas un compte de ventes (classe 70) : il commence par 70 (par exemple 704000).')
  t.match(textOf(), 'Un numéro de compte du plan comptable s’écrit en chiffres, de 3 à 10 (par exemple 411000).')
  t.match(textOf(), 'Indiquez un compte de TVA collectée (4457), par exemple 445710.')
  t.equal(screen.getByLabelText('Travaux').getAttribute('aria-invalid'), 'true')
  const { rows: none } = await gateway.app.db.query(`select 1 from paraphe.invoice_settings where company_id = $1`, [owner.id])
  t.equal(none.length, 0, 'nothing sent')

  typeInto('Travaux', '704100')
  typeInto('Clients', ' 411100 ')
  typeInto('TVA collectée à 10 %', '445712')
  await press('Enregistrer les comptes')
  await untilText('Comptes enregistrés : le prochain export FEC les utilise.')
  t.equal(screen.queryByRole('alert'), null, 'the problems are gone')
  t.equal(valueOf('Clients'), '411100', 'kept trimmed, as the gateway stored it')
  unmount()

  unmount = renderPage(<AccountingSettings />, { api: owner.api, userId: owner.id })
  await openPanel('Comptes comptables (export FEC)')
  await screen.findByLabelText('Travaux')
  t.same(
    ['Travaux', 'Clients', 'TVA collectée à 10 %', 'TVA collectée à 20 %'].map(valueOf),
    ['704100', '411100', '445712', '445710'],
    'shown again'
  )
  unmount()
})

t.test('the FEC accounts with the gateway out of reach', async (t) => {
  const owner = await gateway.owner()
  const { api, online } = switchable(owner)
  online.reachable = false
  let unmount = renderPage(<AccountingSettings />, { api, userId: owner.id })
  await openPanel('Comptes comptables (export FEC)')
  t.match(textOf(await screen.findByRole('alert')), 'Le serveur ne répond pas.', 'the reading fails in French')
  unmount()

  online.reachable = true
  unmount = renderPage(<AccountingSettings />, { api, userId: owner.id })
  await openPanel('Comptes comptables (export FEC)')
  await screen.findByLabelText('Travaux')
  typeInto('Travaux', '704200')
  online.reachable = false
  await press('Enregistrer les comptes')
  t.match(textOf(await screen.findByRole('alert')), 'Le serveur ne répond pas.', 'the saving fails in French')
  t.equal(valueOf('Travaux'), '704200', 'nothing typed is lost')
  t.ok(screen.getByRole('button', { name: 'Enregistrer les comptes' }).matches(':not([disabled])'), 'it can be tried again')
  unmount()
})

t.test('the accountant’s export: the period checked, the CSV and the FEC downloaded, a refusal in French', async (t) => {
  const owner = await gateway.owner()
  const draft = await owner.request('POST', '/api/invoices', {
    request: {
      kind: 'standard',
      client: { kind: 'individual', name: 'Mme Martin', address: '3 rue des Lilas\n69003 Lyon' },
      lines: [{ description: 'Dépannage', quantityMilli: 1000, unitPriceCents: 9_000, vatRateBp: 1000 }]
    }
  })
  const issued = await owner.request('POST', `/api/invoices/${draft.json<{ invoice: Invoice }>().invoice.id}/issue`)
  t.equal(issued.statusCode, 200, issued.body.slice(0, 300))
  const invoice = issued.json<{ invoice: Invoice }>().invoice
  const downloads = catchDownloads((fn) => t.teardown(fn))
  const today = parisIsoDate(new Date())
  t.teardown(renderPage(<AccountantExport />, { api: owner.api, userId: owner.id }))
  await screen.findByText('Exporter pour le comptable')
  t.same([valueOf('Du'), valueOf('Au')], [`${today.slice(0, 8)}01`, today], 'the month so far')

  typeInto('Du', '')
  await press('Télécharger l’export')
  t.equal(textOf(await screen.findByRole('alert')), 'Indiquez les deux dates de la période.')
  typeInto('Du', `${today.slice(0, 4)}-12-31`)
  typeInto('Au', `${today.slice(0, 4)}-01-01`)
  await press('Télécharger l’export')
  await untilText('La date de début doit précéder la date de fin.')

  typeInto('Du', `${today.slice(0, 8)}01`)
  typeInto('Au', today)
  await press('Télécharger l’export')
  await untilText('La date de début doit précéder la date de fin.', true)
  await downloaded(downloads, 1)
  t.match(await downloads[0]?.text, invoice.number ?? 'no number', 'the CSV lists the invoice issued this month')
  t.match(downloads[0]?.name, /\.csv$/)

  fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'fec' } })
  await press('Télécharger l’export')
  await downloaded(downloads, 2)
  t.match(await downloads[1]?.text, /704000|706000/, 'the FEC books the sale to a revenue account')
  t.match(downloads[1]?.name, /\.txt$/)

  typeInto('Du', '1800-01-01')
  await press('Télécharger l’export')
  t.equal(textOf(await screen.findByRole('alert')), 'Cette date n’existe pas : 1800-01-01.', 'the gateway’s refusal, in French')
  t.equal(downloads.length, 2, 'nothing downloaded')
})
