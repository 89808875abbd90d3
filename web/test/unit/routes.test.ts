import t from 'tap'
import { resolveGuard, runGuards } from '@/app/guards'
import { pageRoutes } from '@/app/page-routes'
import { createRoutes } from '@/app/routes'

t.test('an unknown route guard name throws when the routes are built', async (t) => {
  const page = { ...pageRoutes[0]!, guards: ['connecte'] }
  t.throws(() => createRoutes([page], {}), { message: 'Unknown route guard: connecte' })
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
  const routes = createRoutes([{ ...pageRoutes[0]!, guards: ['open'] }], registry)
  t.equal(routes[0]?.children?.length, 2, 'the page and the catch-all 404')
})

t.test('every page is a lazy route with its own error boundary under one layout', async (t) => {
  const [root] = createRoutes()
  t.ok(root?.element, 'layout')
  t.ok(root?.errorElement, 'top-level error boundary')
  const children = root?.children ?? []
  t.equal(children.length, pageRoutes.length + 1)
  for (const child of children) {
    t.equal(typeof child.lazy, 'function', `${child.path} is lazy`)
    t.ok(child.errorElement, `${child.path} has an error boundary`)
  }
  t.equal(children.at(-1)?.path, '*')
  const paths = pageRoutes.map((page) => page.path)
  for (const path of ['/', '/tarifs', '/fonctionnalites', '/contact', '/privacy', '/success', '/cancel', '/confirm-email', '/reset-password', '/SignatureDevis']) {
    t.ok(paths.includes(path), `${path} is routed`)
  }
})
