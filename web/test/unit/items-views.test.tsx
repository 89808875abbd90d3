// The saved items (« Articles ») in Node, as the prerender renders them: the form with its French
// messages, the list with its edit and confirmed delete, the CSV import's refused rows; in the
// quote editor, the items offered under a line and a picked item filling the line. The flows
// run in Chromium (web/test/browser/items.test.ts).
import t from 'tap'
import type { ReactNode } from 'react'
import { createApiClient } from '@/lib/api-client'
import type { SavedItem } from '@/lib/items-api'
import { ItemFormView } from '@/features/items/components/item-form-view'
import { ItemsTable } from '@/features/items/components/items-table'
import { ItemsTransfer } from '@/features/items/components/items-transfer'
import { EMPTY_ITEM_FORM, importSummary, itemFormOf, itemInputOf } from '@/features/items/lib/item-form'
import { ItemSuggestions, lineAsItem, SaveAsItemButton } from '@/features/quotes/components/line-item-tools'
import { itemSearchText } from '@/features/quotes/hooks/use-item-suggestions'
import { editorReducer, formOf, newLine, type LineForm } from '@/features/quotes/lib/quote-form'
import { serverRender } from '../support/server-render.js'
import { draftContent } from '../../../gateway/test/support/quote-content.js'

const noop = () => {}
const api = createApiClient({ getAccessToken: async () => null })

const render = (node: ReactNode) => serverRender(node, { workspace: { api, userId: 'u' } })

const wc: SavedItem = {
  id: 'i1',
  designation: 'Fourniture et pose WC suspendu',
  unit: 'u',
  unitPriceCents: 48_000,
  vatRateBp: 1000,
  category: 'Plomberie',
  updatedAt: '2026-11-20T08:00:00Z'
}
const hour: SavedItem = {
  id: 'i2',
  designation: 'Main-d’œuvre',
  unit: 'h',
  unitPriceCents: 5_500,
  vatRateBp: 2000,
  category: '',
  updatedAt: '2026-11-20T08:00:00Z'
}

t.test('the form reads prices the French way and explains every refusal', async (t) => {
  t.same(itemInputOf({ ...EMPTY_ITEM_FORM, designation: '  Pose WC ', unitPrice: '1 234,50' }), {
    ok: true,
    input: { designation: 'Pose WC', unit: 'u', unitPriceCents: 123_450, vatRateBp: 2000, category: '' }
  })
  t.same(itemInputOf({ ...EMPTY_ITEM_FORM, designation: ' ', unitPrice: 'douze' }), {
    ok: false,
    problems: {
      designation: 'Indiquez la désignation de l’article.',
      unitPriceCents: 'Le montant doit être un nombre, avec au plus 2 décimales (par exemple 1 234,50).'
    }
  })
  t.same(
    itemFormOf(wc),
    { designation: wc.designation, unit: 'u', unitPrice: '480,00', vatRateBp: 1000, category: 'Plomberie' },
    'an item back in the form, as typed'
  )
  t.equal(importSummary({ created: 3, updated: 1 }), 'Import terminé : 3 articles ajoutés, 1 mis à jour.')
  t.equal(importSummary({ created: 1, updated: 0 }), 'Import terminé : 1 article ajouté, 0 mis à jour.')

  const html = render(
    <ItemFormView
      idPrefix="item-new"
      form={{ ...EMPTY_ITEM_FORM, unitPrice: 'douze' }}
      problems={{ designation: 'Indiquez la désignation de l’article.', unitPriceCents: 'Le montant doit être un nombre.' }}
      working={false}
      submitLabel="Enregistrer l’article"
      onChange={noop}
      onSubmit={noop}
    />
  )
  t.match(html, /<label for="item-new-designation">Désignation<\/label>/)
  t.match(html, /id="item-new-designation-error"[^>]*>Indiquez la désignation de l’article\./)
  t.match(html, /id="item-new-price"[^>]*aria-invalid="true"/)
  t.match(html, /<option value="m²">m² \(mètre carré\)<\/option>/)
  t.match(html, /<option value="550">5,5 %<\/option>/)
  t.match(html, /Catégorie<span class="field__optional"> \(facultatif\)<\/span>/)
  t.notMatch(html, />Annuler</, 'a new item has nothing to cancel')
  t.match(
    render(
      <ItemFormView
        idPrefix="item-edit"
        form={itemFormOf(wc)}
        problems={{}}
        working
        submitLabel="Enregistrer les modifications"
        onChange={noop}
        onSubmit={noop}
        onCancel={noop}
      />
    ),
    /disabled="">Enregistrer les modifications<\/button><button type="button" class="button button--ghost">Annuler/
  )
})

t.test('the list: price, unit and rate of each item, its edit in place and its confirmed delete', async (t) => {
  const list = render(
    <ItemsTable
      items={[wc, hour]}
      working={false}
      confirmingDelete={null}
      editing={null}
      onEdit={noop}
      onAskDelete={noop}
      onDelete={noop}
    />
  )
  t.match(list, /<strong class="items-list__designation">Fourniture et pose WC suspendu<\/strong><span class="badge">Plomberie<\/span>/)
  t.match(list, /480,00 € HT \/ u · TVA 10 %/)
  t.match(list, /55,00 € HT \/ h · TVA 20 %/)
  t.match(list, /aria-label="Modifier Main-d’œuvre"/)
  t.match(list, /aria-label="Supprimer Fourniture et pose WC suspendu"/)
  const confirming = render(
    <ItemsTable items={[wc, hour]} working={false} confirmingDelete="i1" editing={null} onEdit={noop} onAskDelete={noop} onDelete={noop} />
  )
  t.match(confirming, /Confirmer la suppression/)
  t.equal(confirming.match(/Confirmer la suppression/g)?.length, 1, 'only the item asked')
  const editing = render(
    <ItemsTable
      items={[wc, hour]}
      working={false}
      confirmingDelete={null}
      editing={{ id: 'i2', form: <p>formulaire</p> }}
      onEdit={noop}
      onAskDelete={noop}
      onDelete={noop}
    />
  )
  t.match(editing, /<li class="items-list__item items-list__item--editing"><p>formulaire<\/p><\/li>/)
  t.notMatch(editing, /Modifier Main-d’œuvre/, 'the edited row gave way to its form')
})

t.test('import and export: the expected format said up front, a refused file listed row by row', async (t) => {
  const idle = render(<ItemsTransfer working={false} rowProblems={[]} onImport={noop} onExport={noop} />)
  t.match(idle, /Désignation ; Unité ; Prix unitaire HT ; TVA ; Catégorie/)
  t.match(idle, /<label class="button button--ghost file-button">Importer un fichier CSV<input type="file" accept="\.csv,text\/csv"/)
  t.match(idle, />Exporter mes articles<\/button>/)
  t.notMatch(idle, /Lignes à corriger/)
  const refused = render(
    <ItemsTransfer
      working={false}
      rowProblems={['Ligne 3 : prix : le montant doit être un nombre.', 'Ligne 7 : même désignation qu’à la ligne 2.']}
      onImport={noop}
      onExport={noop}
    />
  )
  t.match(
    refused,
    /<ul class="items-problems" aria-label="Lignes à corriger"><li>Ligne 3 : prix : le montant doit être un nombre\.<\/li><li>Ligne 7 : même désignation qu’à la ligne 2\.<\/li><\/ul>/
  )
})

t.test('in the editor: the items offered under a line, and a picked item filling it', async (t) => {
  t.equal(render(<ItemSuggestions lineNumber={2} items={null} onPick={noop} />), '', 'nothing before 2 letters')
  t.match(
    render(<ItemSuggestions lineNumber={2} items={[]} onPick={noop} />),
    /role="status"><\/p>/,
    'no match: nothing offered, nothing said'
  )
  const offered = render(<ItemSuggestions lineNumber={2} items={[wc, hour]} onPick={noop} />)
  t.match(offered, /2 articles enregistrés correspondent\./)
  t.match(offered, /aria-label="Articles enregistrés pour la ligne 2"/)
  t.match(
    offered,
    /<button type="button" class="item-suggestions__item"><span class="item-suggestions__designation">Fourniture et pose WC suspendu<\/span><span class="item-suggestions__price">480,00 € HT \/ u<\/span><\/button>/
  )
  t.match(render(<ItemSuggestions lineNumber={1} items={[hour]} onPick={noop} />), /1 article enregistré correspond\./)

  const form = formOf(draftContent())
  const line = { ...newLine('l1', undefined), quantity: '3', discount: '10' }
  const filled = editorReducer(
    { ...form, lines: [line] },
    {
      type: 'line-item',
      id: 'l1',
      item: { description: wc.designation, unit: wc.unit, unitPriceCents: wc.unitPriceCents, vatRateBp: wc.vatRateBp }
    }
  )
  t.match(
    filled.lines[0],
    { description: wc.designation, unit: 'u', unitPrice: '480,00', vatRateBp: 1000, quantity: '3', discount: '10' },
    'quantity and discount kept'
  )
  const free = editorReducer(
    { ...form, lines: [line] },
    { type: 'line-item', id: 'l1', item: { description: 'Devis gratuit', unit: 'forfait', unitPriceCents: 0, vatRateBp: 2000 } }
  )
  t.equal((free.lines[0] as LineForm).unitPrice, '', 'a free item leaves the price field empty, as a new line')

  t.equal(itemSearchText(null), null, 'nothing typed: nothing asked')
  t.equal(itemSearchText(' p '), null, 'one letter matches too much')
  t.equal(itemSearchText('  pose '), 'pose')
  t.equal(itemSearchText('x'.repeat(121)), null, 'a designation written out in full is not searched')

  t.same(lineAsItem({ ...line, description: 'Pose WC', unitPrice: '1 234,50', vatRateBp: 1000 }), {
    ok: true,
    input: { designation: 'Pose WC', unit: 'u', unitPriceCents: 123_450, vatRateBp: 1000, category: '' }
  })
  t.same(
    lineAsItem({ ...line, description: 'Devis gratuit', unitPrice: '' }),
    { ok: true, input: { designation: 'Devis gratuit', unit: 'u', unitPriceCents: 0, vatRateBp: line.vatRateBp, category: '' } },
    'no price yet: saved at 0'
  )
  t.same(lineAsItem({ ...line, description: '  ' }), { ok: false, message: 'Écrivez d’abord la désignation de la ligne.' })
  t.same(lineAsItem({ ...line, description: 'Pose', unitPrice: 'douze' }), { ok: false, message: 'Corrigez d’abord le prix de la ligne.' })

  const save = render(<SaveAsItemButton line={line} lineNumber={1} />)
  t.match(
    save,
    /aria-label="Enregistrer la ligne 1 dans mes articles">Enregistrer dans mes articles<\/button><span class="line-card__saved" aria-live="polite"><\/span>/
  )
})
