// The accountant's exports of a period, parsed back as an accountant's tools would: the French
// CSV (BOM, `;`, decimal comma), the sales journal in the FEC layout (18 columns, balanced
// entries, AAAAMMJJ dates) and the ZIP of Factur-X PDFs, checked by Info-ZIP's unzip.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { Quote } from '@paraphe/shared/quote'
import { splitCsv } from '@paraphe/shared/saved-items'
import { testDatabase } from '../support/databases.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, subscribe } from '../support/workspace-users.js'

const run = promisify(execFile)
// Real Factur-X PDF/A-3 builds: minutes on a busy 2-core machine.
t.setTimeout(600_000)
const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
t.teardown(() => app.close())
const today = parisIsoDate(new Date())
const invoiceOf = (response: { json: <T>() => T }) => response.json<{ invoice: Invoice }>().invoice
const cents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100)

t.test('CSV, FEC and ZIP of a period: a deposit, a business client’s invoice, a partial credit note and a payment', async (t) => {
  const pro = await newUser(app)
  await subscribe(db, pro.id, 'pro')
  await pro.request('PUT', '/api/profile', { ...COMPLETE_PROFILE, iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' })
  const quote = (await pro.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
  await pro.request('POST', `/api/quotes/${quote.id}/send`)
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])
  const issue = async (request: object) => {
    const created = await pro.request('POST', '/api/invoices', { request })
    t.equal(created.statusCode, 201, created.body.slice(0, 400))
    const draft = invoiceOf(created)
    return invoiceOf(await pro.request('POST', `/api/invoices/${draft.id}/issue`))
  }
  const deposit = await issue({ kind: 'deposit', quoteId: quote.id })
  const standard = await issue({
    kind: 'standard',
    client: { kind: 'business', name: 'Paul Durand', company: 'Durand; Fils & Cie', address: '3 rue Neuve\n75002 Paris' },
    clientSiren: '732829320',
    operation: 'goods',
    paymentDays: 30,
    lines: [{ description: '=Carrelage (formule ?)', quantityMilli: 2500, unit: 'm²', unitPriceCents: 4000, vatRateBp: 2000 }]
  })
  const credit = invoiceOf(await pro.request('POST', `/api/invoices/${standard.id}/credit-notes`, { creditAmountCents: 1200, issue: true }))
  await pro.request('POST', `/api/invoices/${deposit.id}/payments`, {
    amountCents: 10000,
    paidOn: today,
    means: 'check',
    note: 'Chèque n° 42'
  })

  const period = `from=${today}&to=${today}`
  const csvResponse = await pro.request('GET', `/api/invoices/export?${period}&format=csv`)
  t.equal(csvResponse.statusCode, 200, csvResponse.body.slice(0, 300))
  t.equal(csvResponse.headers['content-type'], 'text/csv; charset=utf-8')
  t.match(csvResponse.headers['content-disposition'], new RegExp(`Factures-${today}_${today}\\.csv`))
  t.ok(csvResponse.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), 'UTF-8 with a BOM')
  const rows = splitCsv(csvResponse.rawPayload.toString('utf8')).map((row) => row.cells)
  const header = rows[0] as string[]
  const column = (name: string) => header.indexOf(name)
  t.same(header.slice(0, 5), ['Type', 'Numéro', 'Date', 'Échéance', 'Client'])
  t.same(
    rows.slice(1).map((row) => [row[0], row[1]]),
    [
      ['Facture d’acompte', deposit.number],
      ['Facture', standard.number],
      ['Avoir', credit.number],
      ['Paiement', deposit.number]
    ]
  )
  const [depositRow, standardRow, creditRow, paymentRow] = rows.slice(1)
  t.equal(depositRow?.[column('Total TTC')], '403,24', 'decimal comma')
  t.equal(depositRow?.[column('Payé')], '100,00')
  t.equal(depositRow?.[column('Reste à payer')], '303,24')
  t.equal(depositRow?.[column('Statut')], 'Partiellement payée')
  t.equal(depositRow?.[column('Date')], `${today.slice(8)}/${today.slice(5, 7)}/${today.slice(0, 4)}`)
  t.equal(standardRow?.[column('Client')], 'Durand; Fils & Cie', 'a « ; » inside a quoted cell')
  t.equal(standardRow?.[column('SIREN client')], '732829320')
  t.equal(standardRow?.[column('Base HT 20 %')], '100,00')
  t.equal(standardRow?.[column('TVA 20 %')], '20,00')
  t.equal(standardRow?.[column('Total TTC')], '120,00')
  t.equal(creditRow?.[column('Total TTC')], '-12,00', 'a credit note reduces sales')
  t.equal(creditRow?.[column('Facture corrigée')], standard.number)
  t.equal(paymentRow?.[column('Total TTC')], '100,00')
  t.equal(paymentRow?.[column('Mode de règlement')], 'Chèque')
  t.equal(paymentRow?.[column('Note')], 'Chèque n° 42')

  const fecResponse = await pro.request('GET', `/api/invoices/export?${period}&format=fec`)
  t.equal(fecResponse.statusCode, 200)
  t.match(
    fecResponse.headers['content-disposition'],
    new RegExp(`732829320FEC${today.replaceAll('-', '')}\\.txt`),
    'named SIREN + FEC + closing date'
  )
  const lines = fecResponse.body
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split('|'))
  t.same(lines[0], [
    'JournalCode',
    'JournalLib',
    'EcritureNum',
    'EcritureDate',
    'CompteNum',
    'CompteLib',
    'CompAuxNum',
    'CompAuxLib',
    'PieceRef',
    'PieceDate',
    'EcritureLib',
    'Debit',
    'Credit',
    'EcritureLet',
    'DateLet',
    'ValidDate',
    'Montantdevise',
    'Idevise'
  ])
  t.ok(
    lines.every((line) => line.length === 18),
    'the 18 columns on every line'
  )
  const entries = new Map<string, string[][]>()
  for (const line of lines.slice(1)) entries.set(line[2] as string, [...(entries.get(line[2] as string) ?? []), line])
  t.same([...entries.keys()], [deposit.number, standard.number, credit.number], 'one entry per invoice, numbered as the invoices')
  for (const [number, entry] of entries) {
    const debit = entry.reduce((sum, line) => sum + cents(line[11] as string), 0)
    const creditSum = entry.reduce((sum, line) => sum + cents(line[12] as string), 0)
    t.equal(debit, creditSum, `${number}: balanced`)
    t.ok(
      entry.every((line) => line[0] === 'VT' && /^\d{8}$/.test(line[3] as string) && line[3] === today.replaceAll('-', '')),
      `${number}: sales journal, AAAAMMJJ`
    )
  }
  const standardEntry = entries.get(standard.number ?? '') ?? []
  t.same(
    standardEntry.map((line) => [line[4], line[6], line[11], line[12]]),
    [
      ['411000', 'C732829320', '120,00', '0,00'],
      ['707000', '', '0,00', '100,00'],
      ['445710', '', '0,00', '20,00']
    ],
    'client debited TTC, goods sales and VAT collected credited'
  )
  const creditEntry = entries.get(credit.number ?? '') ?? []
  t.same(
    creditEntry.map((line) => [line[4], line[11], line[12]]),
    [
      ['411000', '0,00', '12,00'],
      ['707000', '10,00', '0,00'],
      ['445710', '2,00', '0,00']
    ],
    'a credit note reversed'
  )
  t.same(
    entries.get(deposit.number ?? '')?.map((line) => line[4]),
    ['411000', '704000', '704000', '445710', '445710'],
    'a building-trade quote’s deposit booked to 704 « Travaux », at 10 % and 20 %'
  )
  t.match(entries.get(deposit.number ?? '')?.[1]?.[5], /^Travaux 10 %$/, 'the account named as the accountant reads it')

  // The accounts are the company's setting: the defaults first, then the accountant's own.
  const settings = await pro.request('GET', '/api/invoices/accounting-settings')
  t.same(
    settings.json(),
    {
      accounts: {
        works: '704000',
        services: '706000',
        goods: '707000',
        customers: '411000',
        vat: { '2000': '445710', '1000': '445710', '550': '445710', '210': '445710' }
      }
    },
    'the defaults an accountant expects'
  )
  const chosen = {
    works: ' 7041 ',
    services: '706100',
    goods: '707100',
    customers: '4110000',
    vat: { '2000': '445711', '1000': '445712', '550': '445713', '210': '445714' }
  }
  const saved = await pro.request('PUT', '/api/invoices/accounting-settings', { accounts: chosen })
  t.equal(saved.statusCode, 200, saved.body)
  t.equal(saved.json<{ accounts: { works: string } }>().accounts.works, '7041', 'stored without its spaces')
  const again = (await pro.request('GET', `/api/invoices/export?${period}&format=fec`)).body
    .split('\r\n')
    .filter((line) => line !== '')
    .slice(1)
    .map((line) => line.split('|'))
  t.same(
    again.filter((line) => line[2] === deposit.number).map((line) => line[4]),
    ['4110000', '7041', '7041', '445712', '445711'],
    'the next export books to the accounts chosen, VAT by rate'
  )
  t.same(
    again.filter((line) => line[2] === standard.number).map((line) => line[4]),
    ['4110000', '707100', '445711'],
    'goods to the goods account chosen'
  )
  const refused = await pro.request('PUT', '/api/invoices/accounting-settings', {
    accounts: { ...chosen, works: '604000', customers: '41A', vat: { ...chosen.vat, '550': '' } }
  })
  t.equal(refused.statusCode, 422, 'an account that is not of its class is refused')
  t.same(
    refused.json<{ error: { message: string; fields: Record<string, string> } }>().error,
    {
      code: 'validation_failed',
      message: 'Un numéro de compte ne convient pas : corrigez les champs signalés.',
      fields: {
        works: 'Ce numéro n’est pas un compte de ventes (classe 70) : il commence par 70 (par exemple 704000).',
        customers: 'Un numéro de compte du plan comptable s’écrit en chiffres, de 3 à 10 (par exemple 411000).',
        'vat.550': 'Indiquez un compte de TVA collectée (4457), par exemple 445710.'
      }
    },
    'each field’s problem in French'
  )
  t.equal(
    (await pro.request('GET', '/api/invoices/accounting-settings')).json<{ accounts: { works: string } }>().accounts.works,
    '7041',
    'nothing of the refused change was kept'
  )

  const zipResponse = await pro.request('GET', `/api/invoices/export?${period}&format=zip`)
  t.equal(zipResponse.statusCode, 200)
  t.equal(zipResponse.headers['content-type'], 'application/zip')
  const folder = await mkdtemp(path.join(tmpdir(), 'paraphe-export-'))
  t.teardown(() => rm(folder, { recursive: true, force: true }))
  const archive = path.join(folder, 'factures.zip')
  await writeFile(archive, zipResponse.rawPayload)
  const tested = await run('unzip', ['-t', archive])
  t.match(tested.stdout, /No errors detected/, 'unzip checks every CRC')
  const listing = await run('unzip', ['-Z1', archive])
  t.same(listing.stdout.trim().split('\n'), [
    `Facture-${deposit.number ?? ''}.pdf`,
    `Facture-${standard.number ?? ''}.pdf`,
    `Avoir-${credit.number ?? ''}.pdf`
  ])
  const extracted = await run('unzip', ['-p', archive, `Facture-${standard.number ?? ''}.pdf`], {
    encoding: 'buffer',
    maxBuffer: 20_000_000
  })
  t.ok(
    Buffer.from(extracted.stdout).equals((await pro.request('GET', `/api/invoices/${standard.id}/pdf`)).rawPayload),
    'the issued Factur-X PDF, byte for byte'
  )

  const inverted = await pro.request('GET', `/api/invoices/export?from=${today}&to=2000-01-01&format=csv`)
  t.equal(inverted.statusCode, 422)
  t.match(inverted.json<{ error: { message: string } }>().error.message, /période est inversée/)
  t.equal((await pro.request('GET', `/api/invoices/export?from=${today}&to=${today}&format=xls`)).statusCode, 400)
  const impossible = await pro.request('GET', '/api/invoices/export?from=2026-02-31&to=2026-03-01&format=fec')
  t.equal(impossible.statusCode, 422, 'a date that does not exist is refused before the database')
  t.match(impossible.json<{ error: { message: string } }>().error.message, /Cette date n’existe pas : 2026-02-31/)
  const empty = await pro.request('GET', '/api/invoices/export?from=2001-01-01&to=2001-12-31&format=fec')
  t.equal(empty.body.split('\r\n').filter((line) => line !== '').length, 1, 'a period without invoices: the header only')
  const other = await newUser(app)
  const foreign = await other.request('GET', `/api/invoices/export?${period}&format=csv`)
  t.equal(splitCsv(foreign.body).length, 1, 'another company sees none of them')
})
