// The saved items' French CSV: cells split as spreadsheets write them (quotes, `;` inside,
// newlines inside a cell, CRLF, BOM), each row's first line kept for error messages; units and
// VAT rates read the ways people type them.
import t from 'tap'
import {
  checkSavedItem,
  itemsToCsv,
  parseItemsCsv,
  SAVED_ITEM_LIMITS,
  splitCsv,
  unitFromText,
  vatRateFromText
} from '../src/saved-items.js'

t.test('rows keep the line a spreadsheet shows, even after a cell spanning lines', async (t) => {
  const rows = splitCsv('\ufeffa;b\r\n"deux\nlignes";"un ""mot"" ; ici"\r\n\r\nfin;\n')
  t.same(rows, [
    { line: 1, cells: ['a', 'b'] },
    { line: 2, cells: ['deux\nlignes', 'un "mot" ; ici'] },
    { line: 5, cells: ['fin', ''] }
  ])
  t.same(splitCsv('a;b'), [{ line: 1, cells: ['a', 'b'] }], 'no final newline')
  t.same(splitCsv('\n\n'), [], 'blank lines are not rows')
})

t.test('units and rates as people write them', async (t) => {
  for (const [text, unit] of [
    ['m2', 'm²'],
    ['M²', 'm²'],
    ['mètre carré', 'm²'],
    ['m3', 'm³'],
    ['heure', 'h'],
    ['Heures', 'h'],
    ['J', 'jour'],
    ['ens', 'forfait'],
    ['ml', 'm'],
    ['', 'u'],
    ['unités', 'u']
  ] as const) {
    t.equal(unitFromText(text), unit, text)
  }
  t.equal(unitFromText('palette'), null)
  for (const [text, bp] of [
    ['20', 2000],
    ['20 %', 2000],
    ['5,5 %', 550],
    ['2,1', 210],
    ['0,1', 1000],
    ['0', 0],
    ['10%', 1000]
  ] as const) {
    t.equal(vatRateFromText(text), bp, text)
  }
  for (const text of ['19,6', 'vingt', '-20', '']) t.equal(vatRateFromText(text), null, `« ${text} » refused`)
})

t.test('an export reads back as the same items', async (t) => {
  const items = [
    { designation: '+33 dépannage', unit: 'forfait', unitPriceCents: 9_000, vatRateBp: 2000, category: 'Urgences' },
    { designation: ' espace en tête', unit: 'h', unitPriceCents: 1, vatRateBp: 0, category: '' }
  ] as const
  const parsed = parseItemsCsv(itemsToCsv(items))
  t.same(
    parsed,
    { ok: true, items: [items[0], { ...items[1], designation: 'espace en tête' }] },
    'formulas guarded then restored; designations trimmed'
  )
  t.same(parseItemsCsv('Désignation;Prix unitaire HT\n'), {
    ok: false,
    problems: [{ line: 1, message: 'Le fichier ne contient aucun article après la ligne des colonnes.' }]
  })
  t.same(parseItemsCsv(''), { ok: false, problems: [{ line: 1, message: 'Le fichier est vide.' }] })
  const tooMany = `Désignation;Prix unitaire HT\n${Array.from({ length: 5001 }, (_, index) => `a${index};1`).join('\n')}`
  t.match(parseItemsCsv(tooMany), { ok: false, problems: [{ message: /au plus 5000 articles/ }] })
  const manyBad = `Désignation;Prix unitaire HT\n${Array.from({ length: 80 }, (_, index) => `a${index};x`).join('\n')}`
  const result = parseItemsCsv(manyBad)
  t.equal(result.ok ? 0 : result.problems.length, 50, 'at most 50 problems reported')
})

t.test('a saved item checked field by field, each problem in French', async (t) => {
  const good = {
    designation: '  Pose de faïence  ',
    unit: 'm²' as const,
    unitPriceCents: 6500,
    vatRateBp: 1000 as const,
    category: ' Carrelage '
  }
  t.same(checkSavedItem(good), { ok: true, item: { ...good, designation: 'Pose de faïence', category: 'Carrelage' } }, 'trimmed')
  t.same(checkSavedItem({ ...good, designation: '   ' }), { ok: false, problems: { designation: 'Indiquez la désignation de l’article.' } })
  t.same(checkSavedItem({ ...good, designation: 'x'.repeat(SAVED_ITEM_LIMITS.designation + 1) }), {
    ok: false,
    problems: { designation: `Au plus ${SAVED_ITEM_LIMITS.designation} caractères.` }
  })
  t.same(checkSavedItem({ ...good, designation: 'Pose\u0000' }), {
    ok: false,
    problems: { designation: 'Ce texte contient un caractère invalide.' }
  })
  t.same(checkSavedItem({ ...good, category: 'c'.repeat(61) }), { ok: false, problems: { category: 'Au plus 60 caractères.' } })
  t.same(checkSavedItem({ ...good, category: 'Sol\u0000' }), {
    ok: false,
    problems: { category: 'Ce texte contient un caractère invalide.' }
  })
  // What a hand-made API call could send, past the TypeScript types.
  const odd = { ...good, unit: 'boisseau', unitPriceCents: -1, vatRateBp: 1900 } as unknown as typeof good
  t.same(checkSavedItem(odd), {
    ok: false,
    problems: {
      unit: 'Choisissez une unité de la liste.',
      unitPriceCents: 'Ce prix n’est pas valide.',
      vatRateBp: 'Choisissez un taux de TVA de la liste.'
    }
  })
  t.same(
    checkSavedItem({ ...good, unitPriceCents: 12.5 }),
    { ok: false, problems: { unitPriceCents: 'Ce prix n’est pas valide.' } },
    'cents are whole'
  )
})
