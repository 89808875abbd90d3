// The plans table, walked in Chromium: for every limit of every plan, what the workspace shows an
// account on that plan — the control usable, or its « Pro » badge and the way to the pricing page
// — and the quota counter before the wall. The API's answers are walked in
// gateway/test/plans/plans-walk.test.ts; a limit added to PlanLimits without its page check here fails
// the typecheck (the Record) and the test (keys compared at run time). Axe-clean at 360 and 1280 px
// on the states this adds.
import t, { type Test } from 'tap'
import type { Page } from 'playwright-core'
import { PLANS, planWith, teamPlan, unlimitedPlan, type Plan, type PlanLimits } from '@paraphe/shared/plans'
import { parisIsoDate } from '@paraphe/shared/dates'
import { COMPLETE_PROFILE, completeContent, subscribe } from '../../../gateway/test/support/workspace-users.js'
import { makePng } from '../../../gateway/test/pdf/quote-fixtures.js'
import { axe, button, CLEAN, DESKTOP, gotoHydrated, normalizeSpace, openPage, problemsOf, startAuthStack, emailFactory } from './harness.js'
import { accessToken, callApi, signIn } from './workspace-steps.js'

const SECRET = 'plan-gating-tests-jwt-secret-0123456789-abcd'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

interface Walk {
  t: Test
  page: Page
  plan: Plan
  /** Calls the API as the signed-in professional. */
  api: <T>(method: string, path: string, body?: unknown) => Promise<T>
}

const paid = (plan: Plan) => plan.id !== 'decouverte'

async function draftId(walk: Walk): Promise<string> {
  return (await walk.api<{ quote: { id: string } }>('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).quote.id
}

/** Axe at 1280 px, then at 360 px on the same page, back to 1280. */
async function axeBothWidths(walk: Walk, what: string) {
  walk.t.same(await axe(walk.page), [], `axe at 1280 px: ${what} (${walk.plan.name})`)
  await walk.page.setViewportSize({ width: 360, height: 740 })
  walk.t.same(await axe(walk.page), [], `axe at 360 px: ${what} (${walk.plan.name})`)
  await walk.page.setViewportSize({ width: 1280, height: 800 })
}

const badge = (page: Page, scope: string) => page.locator(`${scope} .badge--plan`)
const text = async (page: Page, selector: string) => normalizeSpace(await page.locator(selector).innerText())

const checks: Record<keyof PlanLimits, (walk: Walk) => Promise<void>> = {
  async signerEmailCode(walk) {
    const { t, page, plan } = walk
    await gotoHydrated(page, gateway.url(`/espace/devis/${await draftId(walk)}`))
    const checkbox = page.locator('#quote-require-code')
    const field = page.locator('.field--checkbox').filter({ has: checkbox })
    if (plan.limits.signerEmailCode) {
      await page.waitForLoadState('networkidle')
      t.equal(await checkbox.isEnabled(), true, `${plan.name}: the e-mail code can be asked`)
      t.equal(await badge(page, '.field--checkbox').count(), 0)
      return
    }
    await field.locator('.badge--plan').waitFor()
    t.equal(await field.locator('.badge--plan').innerText(), planWith('signerEmailCode').name)
    t.equal(await checkbox.isDisabled(), true, `${plan.name}: not usable, and says why`)
    t.match(
      normalizeSpace(await field.innerText()),
      /Votre formule Découverte ne comprend pas le code de vérification. Passer à la formule Pro/
    )
    t.equal(await field.getByRole('link', { name: 'Passer à la formule Pro' }).getAttribute('href'), '/tarifs')
    await axeBothWidths(walk, 'the draft with its badges')
  },

  async logo(walk) {
    const { t, page, plan } = walk
    await gotoHydrated(page, gateway.url('/espace/profil'))
    await page.locator('#profile-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(makePng(120, 40)) })
    await page
      .getByRole('status')
      .filter({ hasText: /Logo enregistré/ })
      .waitFor()
    const hint = page.locator('#profile-logo-hint')
    if (plan.limits.logo) {
      await hint
        .filter({ hasText: 'Il figure en haut de vos devis, dans vos e-mails aux clients et sur leur page de signature.' })
        .waitFor()
      t.equal(await badge(page, '.logo-field').count(), 0, `${plan.name}: the logo is printed`)
    }
    // The client's signing page shows it in its header, exactly when the quote prints it.
    const sent = await walk.api<{ signingUrl: string }>('POST', `/api/quotes/${await draftId(walk)}/send`)
    const link = new URL(sent.signingUrl)
    await gotoHydrated(page, gateway.url(`${link.pathname}${link.search}`))
    await page.getByRole('heading', { level: 1, name: /^Devis n° DEV-/ }).waitFor({ timeout: 90_000 })
    const headerLogo = page.locator('.site-header__company-logo')
    if (plan.limits.logo) {
      await headerLogo.waitFor()
      t.ok(
        await headerLogo.evaluate((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth === 120),
        `${plan.name}: the logo in the signing page's header`
      )
      return
    }
    t.equal(await headerLogo.count(), 0, `${plan.name}: no logo in the signing page's header`)
    await gotoHydrated(page, gateway.url('/espace/profil'))
    await hint.filter({ hasText: 'n’imprime pas le logo' }).waitFor()
    t.equal(await badge(page, '.logo-field').innerText(), planWith('logo').name, `${plan.name}: the badge says which plan prints it`)
    t.equal(await page.locator('#profile-logo').isEnabled(), true, 'the logo is still kept, ready for the upgrade')
    await axeBothWidths(walk, 'the profile with the logo’s badge')
  },

  async automaticReminders(walk) {
    const { t, page, plan, api } = walk
    const id = await draftId(walk)
    await api('POST', `/api/quotes/${id}/send`)
    await gotoHydrated(page, gateway.url(`/espace/devis/${id}`))
    const section = page.locator('.quote-reminders')
    await section.waitFor()
    if (plan.limits.automaticReminders) {
      t.match(
        normalizeSpace(await section.innerText()),
        /votre client reçoit un rappel 3 et 7 jours après l’envoi/,
        `${plan.name}: included`
      )
      t.equal(await badge(page, '.quote-reminders').count(), 0)
    } else {
      t.equal(await badge(page, '.quote-reminders').innerText(), planWith('automaticReminders').name, `${plan.name}: the badge`)
      t.match(normalizeSpace(await section.innerText()), /ne relance pas vos clients automatiquement/)
    }
    // « Relancer » on every plan, its rule shown before the click.
    t.match(
      await text(page, '#quote-reminder-rule'),
      /^Aucune relance pour l’instant. Un client est relancé au plus une fois toutes les 20 heures.$/
    )
    await button(page, 'Relancer').click()
    await button(page, 'Envoyer la relance').click()
    await page.getByRole('status').filter({ hasText: 'Relance envoyée à elise.martin@example.org' }).waitFor()
    await page
      .locator('#quote-reminder-rule')
      .filter({ hasText: /^Dernière relance il y a 0 min — prochaine possible le / })
      .waitFor()
    t.equal(await button(page, 'Relancer').isDisabled(), true, 'not twice within 20 hours')
    if (!plan.limits.automaticReminders) await axeBothWidths(walk, 'the sent quote after « Relancer »')
  },

  /** No workspace page for API keys yet: the pricing card says which plan has the API (the API's answers: plans-walk). */
  async api(walk) {
    const { t, page, plan } = walk
    await gotoHydrated(page, gateway.url('/tarifs'))
    const features = normalizeSpace(await page.locator(`article[aria-labelledby="plan-${plan.id}"] .plan-card__features`).innerText())
    t.equal(features.includes('Accès à l’API'), plan.limits.api, `${plan.name}: the API on its card exactly when the plan has it`)
  },

  async customSender(walk) {
    const { t, page, plan } = walk
    await gotoHydrated(page, gateway.url('/tarifs'))
    const features = normalizeSpace(await page.locator(`article[aria-labelledby="plan-${plan.id}"] .plan-card__features`).innerText())
    t.equal(
      features.includes('E-mails aux clients envoyés depuis votre adresse'),
      plan.limits.customSender,
      `${plan.name}: the own sender address on its card exactly when the plan has it`
    )
  },

  async teamTwoFactor(walk) {
    const { t, page, plan } = walk
    await gotoHydrated(page, gateway.url('/tarifs'))
    const features = normalizeSpace(await page.locator(`article[aria-labelledby="plan-${plan.id}"] .plan-card__features`).innerText())
    t.equal(
      features.includes('Double authentification exigée de toute l’équipe'),
      plan.limits.teamTwoFactor,
      `${plan.name}: the team's second factor on its card exactly when the plan has it`
    )
  },

  async quotesPerMonth(walk) {
    const { t, page, plan, api } = walk
    const limit = plan.limits.quotesPerMonth
    const { usage } = await api<{ usage: { quotesSentThisMonth: number } }>('GET', '/api/billing/subscription')
    const id = await draftId(walk)
    await gotoHydrated(page, gateway.url(`/espace/devis/${id}`))
    if (limit === null) {
      await page.waitForLoadState('networkidle')
      t.equal(await page.locator('.quote-actions__quota').count(), 0, `${plan.name}: nothing to count against`)
      return
    }
    // Up to one before the wall, then the counter; then at the wall, the card.
    for (let sent = usage.quotesSentThisMonth; sent < limit - 1; sent += 1) await api('POST', `/api/quotes/${await draftId(walk)}/send`)
    await gotoHydrated(page, gateway.url(`/espace/devis/${id}`))
    await page
      .locator('.quote-actions__quota')
      .filter({ hasText: `${limit - 1} devis envoyés sur ${limit} ce mois-ci` })
      .waitFor()
    await button(page, 'Envoyer le devis').click()
    await button(page, 'Confirmer l’envoi').click()
    await page.getByRole('heading', { name: /^Devis DEV-/ }).waitFor()
    const next = await draftId(walk)
    await gotoHydrated(page, gateway.url(`/espace/devis/${next}`))
    await page
      .locator('.quote-actions__quota')
      .filter({ hasText: `${limit} devis envoyés sur ${limit} ce mois-ci` })
      .waitFor()
    const sends: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/send')) sends.push(request.url())
    })
    await button(page, 'Envoyer le devis').click()
    const card = page.getByRole('group', { name: /Quota du mois atteint/ })
    await card.waitFor()
    t.match(normalizeSpace(await card.innerText()), new RegExp(`Votre formule ${plan.name} permet d’envoyer ${limit} devis par mois`))
    t.equal(await card.getByRole('link', { name: `Passer à la formule ${unlimitedPlan().name}` }).getAttribute('href'), '/tarifs')
    t.same(sends, [], 'nothing asked of the gateway: the wall comes before')
    await axeBothWidths(walk, 'the upgrade card at the wall')
  },

  /** One-user plans: the team page's invitation card is a badge and an upgrade prompt; Entreprise: the form. */
  async seats(walk) {
    const { t, page, plan } = walk
    await gotoHydrated(page, gateway.url('/espace/equipe'))
    const card = page.locator('section').filter({ has: page.locator('#team-invite') })
    await card.waitFor()
    await page
      .locator('.team-seats')
      .filter({ hasText: `Formule ${plan.name}` })
      .waitFor()
    if (plan.limits.seats > 1) {
      t.equal(await page.getByLabel('Adresse e-mail').count(), 1, `${plan.name}: colleagues can be invited`)
      t.equal(await badge(page, '.team-card').count(), 0)
    } else {
      t.equal(await badge(page, '.team-card').innerText(), teamPlan().name, `${plan.name}: the « ${teamPlan().name} » badge`)
      t.equal(await card.getByRole('link', { name: `Passer à la formule ${teamPlan().name}` }).getAttribute('href'), '/tarifs')
      t.equal(await page.getByLabel('Adresse e-mail').count(), 0, 'no invitation form that would fail later')
    }
    await axeBothWidths(walk, 'the team page')
  }
}

t.test('every limit of the plans table has its page check in this walk', async (t) => {
  for (const plan of PLANS) t.same(Object.keys(plan.limits).sort(), Object.keys(checks).sort(), plan.id)
})

for (const plan of PLANS) {
  t.test(`${plan.name}: what the workspace shows for each limit`, async (t) => {
    const email = newEmail(plan.id)
    const userId = standIn.createUser({ email, password: PASSWORD })
    if (paid(plan)) await subscribe(gateway.app.db, userId, plan.id as 'pro' | 'entreprise')
    const { page, record } = await openPage(browser, t, DESKTOP)
    await signIn(page, gateway.url, email, PASSWORD)
    const token = await accessToken(page)
    const api = <T>(method: string, path: string, body?: unknown): Promise<T> => callApi<T>(gateway.url, token, method, path, body)
    await api('PUT', '/api/profile', COMPLETE_PROFILE)
    for (const [limit, check] of Object.entries(checks)) {
      await t.test(limit, async (t) => check({ t, page, plan, api }))
    }
    t.same(problemsOf(record), [], CLEAN)
  })
}
