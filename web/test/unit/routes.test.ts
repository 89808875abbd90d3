import t from 'tap'
import { placeholderRuntimeConfig } from '@paraphe/shared/runtime-config'
import { guardVisit, resolveGuard, runGuards } from '@/app/guards'
import { pageRoutes } from '@/app/page-routes'
import { createPages, guardRegistry, isWorkspacePath, pageFor, workspaceGuards } from '@/app/routes'

t.test('an unknown route guard name throws when the pages are built', async (t) => {
  const page = { ...pageRoutes[0]!, guards: ['connecte'] }
  t.throws(() => createPages([page], {}), { message: 'Unknown route guard: connecte' })
  t.throws(() => resolveGuard('toString', {}), { message: 'Unknown route guard: toString' }, 'no prototype lookup')
})

t.test('guards run in order, may be asynchronous, and the first redirect wins', async (t) => {
  const calls: string[] = []
  const config = placeholderRuntimeConfig()
  const registry = {
    open: () => (calls.push('open'), null),
    later: async () => (calls.push('later'), null),
    closed: async () => (calls.push('closed'), '/connexion'),
    never: () => (calls.push('never'), '/ailleurs')
  }
  t.equal(await runGuards(['open', 'later', 'closed', 'never'], registry, { path: '/espace', search: '', config }), '/connexion')
  t.same(calls, ['open', 'later', 'closed'])
  t.equal(await runGuards(['open'], registry, { path: '/', search: '', config }), null)
  t.equal(createPages([{ ...pageRoutes[0]!, guards: ['open'] }], registry).length, 2, 'the page and the catch-all 404')
})

t.test('URLs map to their page, unknown ones to the 404 page', async (t) => {
  const pages = createPages()
  t.equal(pages.length, pageRoutes.length + 1)
  t.equal(pageFor(pages, '/tarifs').route.path, '/tarifs')
  t.equal(pageFor(pages, '/').route.path, '/')
  t.equal(pageFor(pages, '/tarifs/annuel').route.path, '*')
  t.equal(pageFor(pages, '/signaturedevis').route.path, '*', 'paths are case-sensitive as in the original')
  for (const path of [
    '/',
    '/tarifs',
    '/fonctionnalites',
    '/contact',
    '/privacy',
    '/success',
    '/cancel',
    '/confirm-email',
    '/reset-password',
    '/SignatureDevis',
    '/connexion',
    '/inscription',
    '/mot-de-passe-oublie',
    '/espace'
  ]) {
    t.equal(pageFor(pages, path).route.path, path, `${path} is routed`)
  }
  t.throws(() => pageFor([], '/'), { message: 'no page for /, not even the catch-all' })
})

t.test('the account area is one layout guarded by `auth`, which the registry knows', async (t) => {
  t.same(workspaceGuards, ['auth'])
  const workspace = pageRoutes.filter((route) => isWorkspacePath(route.path)).map((route) => route.path)
  t.same(workspace, [
    '/espace',
    '/espace/devis/nouveau',
    '/espace/devis/:id',
    '/espace/devis/:id/facturation',
    '/espace/factures',
    '/espace/factures/nouvelle',
    '/espace/factures/:id',
    '/espace/profil',
    '/espace/securite',
    '/espace/abonnement',
    '/espace/equipe',
    '/espace/clients',
    '/espace/clients/:id',
    '/espace/articles',
    '/espace/invitation',
    '/espace/api',
    '/espace/webhooks',
    '/espace/expediteur',
    '/espace/plateforme-agreee'
  ])
  t.notOk(isWorkspacePath('/espaces'), 'a path that only starts like /espace is not in it')
  t.ok(
    pageRoutes.every((route) => route.guards === undefined),
    'no page repeats the guard'
  )
  t.type(resolveGuard('auth', guardRegistry), 'function')
  const login = await runGuards(['auth'], guardRegistry, { path: '/espace', search: '?onglet=devis', config: placeholderRuntimeConfig() })
  t.equal(login, '/connexion?redirectTo=%2Fespace%3Fonglet%3Ddevis', 'without accounts configured: the sign-in page, and back')
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

t.test('a visit is redirected by its guards, unless the visitor left first', async (t) => {
  const registry = { closed: async () => '/connexion', open: () => null }
  const context = { path: '/espace', search: '', config: placeholderRuntimeConfig() }
  const redirects: string[] = []
  guardVisit(['closed'], registry, context, (to) => redirects.push(to))
  guardVisit(['open'], registry, context, (to) => redirects.push(to))
  const cancel = guardVisit(['closed'], registry, context, (to) => redirects.push(`left: ${to}`))
  cancel()
  await new Promise((resolve) => setTimeout(resolve, 0))
  t.same(redirects, ['/connexion'])
})
