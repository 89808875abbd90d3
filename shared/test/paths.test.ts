import t from 'tap'
import { paths, shellPaths } from '../src/paths.js'

t.test('href builders encode their parameters and drop empty ones', async (t) => {
  t.equal(paths.signQuote.href(), '/SignatureDevis')
  t.equal(paths.signQuote.href('a b&c'), '/SignatureDevis?token=a+b%26c')
  t.equal(paths.checkoutSuccess.href('cs_test_1'), '/success?session_id=cs_test_1')
  t.equal(paths.login.href(''), '/connexion')
  t.equal(paths.login.href('/espace'), '/connexion?redirectTo=%2Fespace')
  // Routes without a parameter: the link is the path itself.
  for (const route of Object.values(paths)) if (!route.path.includes(':')) t.equal((route.href as () => string)(), route.path)
  t.equal(paths.quote.href('a/b'), '/espace/devis/a%2Fb', 'a parameter is encoded')
})

t.test('app shell URLs', async (t) => {
  t.equal(shellPaths.payload('/'), '/_payload.json')
  t.equal(shellPaths.payload('/tarifs'), '/tarifs/_payload.json')
  t.equal(shellPaths.buildMeta('abc'), '/builds/meta/abc.json')
})
