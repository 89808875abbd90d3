import t from 'tap'
import { resolveGuard, runGuards } from '@/app/guards'
import { pageRoutes } from '@/app/page-routes'
import { createPages, pageFor } from '@/app/routes'

t.test('an unknown route guard name throws when the pages are built', async (t) => {
  const page = { ...pageRoutes[0]!, guards: ['connecte'] }
  t.throws(() => createPages([page], {}), { message: 'Unknown route guard: connecte' })
  t.throws(() => resolveGuard('toString', {}), { message: 'Unknown route guard: toString' }, 'no prototype lookup')
})

t.test('guards run in order and the first redirect wins', async (t) => {
  const calls: string[] = []
  const registry = {
    open: () => (calls.push('open'), null),
    closed: () => (calls.push('closed'), '/connexion'),
    never: () => (calls.push('never'), '/ailleurs')
  }
  t.equal(runGuards(['open', 'closed', 'never'], registry, { path: '/espace' }), '/connexion')
  t.same(calls, ['open', 'closed'])
  t.equal(runGuards(['open'], registry, { path: '/' }), null)
  t.equal(createPages([{ ...pageRoutes[0]!, guards: ['open'] }], registry).length, 2, 'the page and the catch-all 404')
})

t.test('URLs map to their page, unknown ones to the 404 page', async (t) => {
  const pages = createPages()
  t.equal(pages.length, pageRoutes.length + 1)
  t.equal(pageFor(pages, '/tarifs').route.path, '/tarifs')
  t.equal(pageFor(pages, '/').route.path, '/')
  t.equal(pageFor(pages, '/tarifs/annuel').route.path, '*')
  t.equal(pageFor(pages, '/signaturedevis').route.path, '*', 'paths are case-sensitive as in the original')
  for (const path of ['/', '/tarifs', '/fonctionnalites', '/contact', '/privacy', '/success', '/cancel', '/confirm-email', '/reset-password', '/SignatureDevis']) {
    t.equal(pageFor(pages, path).route.path, path, `${path} is routed`)
  }
  t.throws(() => pageFor([], '/'), { message: 'no page for /, not even the catch-all' })
})

t.test('a page loads once; a failure stays (recovery is a reload, never an import loop)', async (t) => {
  let attempts = 0
  const flaky = {
    path: '/essai',
    file: 'src/essai.tsx',
    prerender: false,
    load: async () => {
      attempts++
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return { Component: () => null, handle: { title: 'Essai', description: 'Essai' } }
    }
  }
  const [page] = createPages([flaky], {})
  const failure = page!.load()
  await t.rejects(failure, { message: 'Failed to fetch dynamically imported module' })
  t.equal(page!.module, undefined)
  t.equal(page!.load(), failure, 'the same rejected promise')
  t.equal(attempts, 1)
  const [fresh] = createPages([{ ...flaky, path: '/essai-2' }], {})
  const loaded = await fresh!.load()
  t.equal(loaded.handle.title, 'Essai')
  t.equal(fresh!.load(), fresh!.load(), 'cached')
  t.equal(fresh!.module, loaded)
  t.equal(attempts, 2)
})
