// Pages prerendered at a route pattern (/espace/devis/:id) answer every path of that shape.
import t from 'tap'
import { buildApp } from '../helper.js'
import { matchPattern, routePatterns } from '../../src/site/page-store.js'
const app = await buildApp()
t.teardown(() => app.close())
t.test('a page prerendered at a route pattern serves every path of that shape', async (t) => {
  const quote = await app.inject({ url: '/espace/devis/0b6f1a52-5f1e-4a8e-9d3c-4a1e2b3c4d5e' })
  t.equal(quote.statusCode, 200)
  t.match(quote.body, /Chargement du devis…/)
  t.equal((await app.inject({ url: '/espace/devis/nouveau' })).body.includes('Préparation du brouillon…'), true, 'the literal page wins')
  for (const url of ['/espace/devis/', '/espace/devis/a/b', '/espace/devis']) t.equal((await app.inject({ url })).statusCode, 404, url)
  const patterns = routePatterns(['/', '/espace/devis/:id', '/a/:x/b'])
  t.equal(matchPattern(patterns, '/a/1/b'), '/a/:x/b')
  t.equal(matchPattern(patterns, '/a/1/c'), undefined)
})
