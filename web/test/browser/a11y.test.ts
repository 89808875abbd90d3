// Accessibility of every public page, hydrated, at desktop and phone sizes: axe-core with the
// WCAG 2.0/2.1 A and AA rules and the best practices (the same rules as axe's default run) must
// find nothing. A failure lists each violation with the elements concerned, for the page authors.
import t from 'tap'
import { AxeBuilder } from '@axe-core/playwright'
import type { AxeResults, Result } from 'axe-core'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { BUSY_MACHINE_WAIT_MS, DESKTOP, PHONE, gotoHydrated, inPage, openPage, sharedBrowser, startGateway } from './harness.js'

const PAGES: ReadonlyArray<{ path: string; status: number }> = [
  { path: '/', status: 200 },
  { path: '/tarifs', status: 200 },
  { path: '/fonctionnalites', status: 200 },
  { path: '/contact', status: 200 },
  { path: '/privacy', status: 200 },
  { path: '/success', status: 200 },
  { path: '/cancel', status: 200 },
  { path: '/confirm-email', status: 200 },
  { path: '/reset-password', status: 200 },
  { path: '/SignatureDevis', status: 200 },
  { path: '/verification', status: 200 },
  { path: '/mentions-legales', status: 200 },
  { path: '/conditions', status: 200 },
  { path: '/connexion', status: 200 },
  { path: '/inscription', status: 200 },
  { path: '/mot-de-passe-oublie', status: 200 },
  // Without a session (and here without accounts configured), the guard leads to /connexion.
  { path: '/espace', status: 200 },
  { path: '/cette-page-n-existe-pas', status: 404 }
]

const VIEWPORTS: ReadonlyArray<{ name: string; options: BrowserContextOptions }> = [
  { name: 'desktop 1280×800', options: DESKTOP },
  { name: 'phone 360×740', options: PHONE }
]

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** One line per violation: rule, impact, help, and the elements (CSS selectors) concerned. */
function describeViolations(violations: Result[]): string[] {
  return violations.map((violation) => {
    const targets = violation.nodes.map((node) => node.target.map(String).join(' ')).join(' | ')
    return `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${targets} — ${violation.helpUrl}`
  })
}

/** Waits until no CSS transition or animation is still running on the page. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), undefined, {
    timeout: BUSY_MACHINE_WAIT_MS
  })
}

const gateway = await startGateway()
t.teardown(() => gateway.close())
const browser = await sharedBrowser(t)

for (const viewport of VIEWPORTS) {
  t.test(viewport.name, async (t) => {
    // Reduced motion: a form's button turns from disabled grey to blue once the page knows accounts
    // are available, and axe measuring contrast halfway through that 0.15 s transition reports a
    // colour no one reads. The rules judge the settled page; motion itself is not what they check.
    const { page } = await openPage(browser, t, { ...viewport.options, reducedMotion: 'reduce' })
    for (const { path, status } of PAGES) {
      t.test(path, async (t) => {
        t.equal(await gotoHydrated(page, gateway.url(path)), status, `HTTP ${status}`)
        await settled(page)
        const results: AxeResults = await new AxeBuilder({ page }).withTags(TAGS).analyze()
        const violations = describeViolations(results.violations)
        t.same(violations, [], `axe finds no violation on ${path} (${viewport.name})`)
        if (violations.length > 0) t.comment(`axe violations on ${path} (${viewport.name}):\n${violations.join('\n')}`)
        t.ok(results.passes.length > 0, 'axe ran its rules')
      })
    }
    t.end()
  })
}

t.test('self-check: the same analysis reports a violation when there is one', async (t) => {
  const { page } = await openPage(browser, t)
  await gotoHydrated(page, gateway.url('/cancel'))
  await inPage(page, `(document.querySelector('main').append(Object.assign(document.createElement('img'), { src: '/favicon.svg' })), true)`)
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  t.same(
    results.violations.map((violation) => violation.id),
    ['image-alt'],
    'an <img> without alt is reported'
  )
  t.match(describeViolations(results.violations)[0] ?? '', /^image-alt \(critical\): .+ — [^—]*img — https:\/\//)
})
