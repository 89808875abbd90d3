// The company profile page in each state, rendered in Node as the prerender does. Driven in
// Chromium (fill, save, logo upload) by web/test/browser/workspace.test.ts.
import t from 'tap'
import type { ReactNode } from 'react'
import { EMPTY_PROFILE } from '@paraphe/shared/company'
import { findPlan, type Plan } from '@paraphe/shared/plans'
import { ApiError } from '@/lib/api-client'
import { LogoField } from '@/features/profile/components/logo-field'
import { ProfileFormView } from '@/features/profile/components/profile-form-view'
import { profileFormOf } from '@/features/profile/lib/profile-form'
import { ProfileView, type ProfileViewProps } from '@/features/profile/routes/profile'
import { serverRender } from '../support/server-render.js'

const noop = () => {}
const render = (node: ReactNode) => serverRender(node)

const props = (overrides: Partial<ProfileViewProps>): ProfileViewProps => ({
  load: { kind: 'ready' },
  onRetry: noop,
  gaps: [],
  form: profileFormOf(EMPTY_PROFILE),
  errors: {},
  onChange: noop,
  onSubmit: noop,
  saving: false,
  outcome: { kind: 'idle' },
  preview: null,
  logoStatus: { kind: 'idle' },
  onLogoFile: noop,
  onLogoRemove: noop,
  ...overrides
})

t.test('loading (the prerender): the form is there but inert', async (t) => {
  const html = render(<ProfileView {...props({ load: { kind: 'loading' } })} />)
  t.match(html, /<h1>Profil de l’entreprise<\/h1>/)
  t.match(html, /role="status">Chargement du profil…/)
  t.match(html, /<button type="submit" class="button button--primary" disabled="">Enregistrer le profil<\/button>/)
  t.match(html, /<input id="profile-logo" type="file" accept="image\/png,image\/jpeg" disabled=""/)
  t.notMatch(html, /il manque encore/)
})

t.test('ready: every mention labelled and explained, grouped', async (t) => {
  const html = render(<ProfileView {...props({ gaps: ['la raison sociale', 'le SIRET'] })} />)
  t.match(html, /Pour envoyer un devis, il manque encore : la raison sociale, le SIRET./)
  for (const legend of ['Identité de l’entreprise', 'Coordonnées', 'Assurance professionnelle', 'Pour vos nouveaux devis']) {
    t.match(html, new RegExp(`<legend class="form-section__legend">${legend}</legend>`))
  }
  t.match(html, /<label for="profile-siret">SIRET<\/label><p class="field__hint" id="profile-siret-hint">14 chiffres/)
  t.match(html, /<label for="profile-registration">Immatriculation RCS ou RM<span class="field__optional"> \(facultatif\)/)
  t.match(html, /<label for="profile-vatNumber">Numéro de TVA intracommunautaire<\/label>/, 'required when VAT is charged')
  t.match(html, /FR, 2 chiffres de clé, puis les 9 chiffres du SIREN/)
  t.match(html, /Franchise en base de TVA \(article 293 B du CGI\)/)
  t.match(html, /porteront la mention « TVA non applicable, article 293 B du CGI »/)
  t.match(html, /<input id="profile-defaultValidityDays"[^>]*value="30"/)
  t.match(html, /<h2 id="logo-title" class="form-section__legend">Logo<\/h2>/)
  t.match(html, /Aucun logo pour l’instant./)
  t.match(html, /<label for="profile-logo">Ajouter un logo<\/label>/)
  t.notMatch(html, /Retirer le logo/)
  t.notMatch(html, /disabled=""/)

  const franchise = render(<ProfileView {...props({ form: { ...profileFormOf(EMPTY_PROFILE), franchiseEnBase: true } })} />)
  t.match(
    franchise,
    /Numéro de TVA intracommunautaire<span class="field__optional"> \(facultatif\)[\s\S]*Inutile en franchise en base de TVA./
  )
})

t.test('after saving: confirmed, or the problems on their fields', async (t) => {
  t.match(render(<ProfileView {...props({ outcome: { kind: 'saved' } })} />), /role="status">Profil enregistré.<\/p>/)
  const invalid = render(<ProfileView {...props({ outcome: { kind: 'invalid' }, errors: { siret: 'Le SIRET compte 14 chiffres.' } })} />)
  t.match(invalid, /role="alert">Le profil n’est pas enregistré : corrigez les champs signalés./)
  t.match(invalid, /<input id="profile-siret"[^>]*aria-invalid="true" aria-describedby="profile-siret-hint profile-siret-error"/)
  t.match(invalid, /<p class="field__error" id="profile-siret-error">Le SIRET compte 14 chiffres.<\/p>/)
  t.match(
    render(<ProfileView {...props({ outcome: { kind: 'failed', message: 'Le serveur ne répond pas.' } })} />),
    /role="alert">Le profil n’est pas enregistré : Le serveur ne répond pas./
  )
  t.match(render(<ProfileView {...props({ saving: true })} />), /disabled="">Enregistrement…<\/button>/)
  const failed = render(<ProfileView {...props({ load: { kind: 'failed', error: new ApiError(503, 'x', 'Indisponible.') } })} />)
  t.match(failed, /role="alert"><p>Indisponible.<\/p><button[^>]*>Réessayer/)
  t.match(
    render(
      <ProfileFormView
        form={profileFormOf(EMPTY_PROFILE)}
        errors={{}}
        onChange={noop}
        onSubmit={noop}
        disabled={false}
        saving={false}
        outcome={null}
      />
    ),
    /<form class="profile-form"[^>]*method="post"/
  )
})

t.test('the logo: preview, replace, remove, and what went wrong', async (t) => {
  const shown = render(
    <LogoField
      preview="blob:http://x/1"
      status={{ kind: 'done', message: 'Logo enregistré.' }}
      onFile={noop}
      onRemove={noop}
      disabled={false}
    />
  )
  t.match(shown, /<img src="blob:http:\/\/x\/1" alt="Votre logo actuel"\/>/)
  t.match(shown, /<label for="profile-logo">Remplacer le logo<\/label>/)
  t.match(shown, /role="status">Logo enregistré.</)
  t.match(shown, />Retirer le logo</)
  const refused = render(
    <LogoField
      preview={null}
      status={{ kind: 'failed', message: 'Les logos SVG ne sont pas acceptés.' }}
      onFile={noop}
      onRemove={noop}
      disabled={false}
    />
  )
  t.match(refused, /aria-invalid="true" aria-describedby="profile-logo-hint profile-logo-error"/)
  t.match(refused, /<p class="field__error" id="profile-logo-error" role="alert">Les logos SVG ne sont pas acceptés.<\/p>/)
  const busy = render(
    <LogoField preview="blob:x" status={{ kind: 'busy', label: 'Envoi du logo…' }} onFile={noop} onRemove={noop} disabled={false} />
  )
  t.match(busy, /role="status">Envoi du logo…</)
  t.match(busy, /<button type="button" class="button button--ghost" disabled="">Retirer le logo/)
})

t.test('the logo by plan: kept on Découverte with the « Pro » badge and the plain truth; printed on Pro', async (t) => {
  const field = (plan: Plan | null) =>
    render(<LogoField preview={null} status={{ kind: 'idle' }} onFile={noop} onRemove={noop} disabled={false} plan={plan} />)
  const free = field(findPlan('decouverte') ?? null)
  t.match(free, /Logo<span class="badge badge--plan">Pro<\/span>/)
  t.match(
    free,
    /n’imprime pas le logo : vous pouvez l’enregistrer dès maintenant, il figurera en haut de vos devis et dans vos e-mails aux clients avec la formule Pro/
  )
  t.match(free, /<a href="\/tarifs"[^>]*>Passer à la formule Pro<\/a>/)
  t.notMatch(free, /disabled=""/, 'the upload stays usable')
  for (const id of ['pro', 'entreprise']) {
    const paid = field(findPlan(id) ?? null)
    t.notMatch(paid, /badge--plan|tarifs/, id)
    t.match(paid, /Il figure en haut de vos devis, dans vos e-mails aux clients et sur leur page de signature./, id)
  }
  t.notMatch(field(null), /badge--plan|Il figure/, 'nothing promised while the plan loads')
})

t.test('the first step: what the first quote needs, the rest said to come when needed', async (t) => {
  const html = render(<ProfileView {...props({ step: 'first', gaps: ['la raison sociale'] })} />)
  for (const id of ['companyName', 'legalForm', 'address', 'siret', 'registration', 'franchiseEnBase', 'vatNumber', 'email', 'phone']) {
    t.match(html, new RegExp(`id="profile-${id}"`), `${id}: asked now`)
  }
  for (const id of ['insurer', 'insuranceCoverage', 'iban', 'bic', 'mediatorName', 'defaultPaymentTerms', 'defaultExecutionConditions']) {
    t.notMatch(html, new RegExp(`id="profile-${id}"`), `${id}: later`)
  }
  t.match(
    html,
    /Le reste vous sera demandé au moment où il servira : vos coordonnées bancaires à votre premier acompte ou à votre première facture\./
  )
  // The décennale is asked in the first step, behind one question: only the building trade needs it.
  t.match(html, /<input id="profile-buildingTrade"[^>]*type="checkbox"/, 'the building trade asked now')
  t.match(html, /<label for="profile-buildingTrade">Je réalise des travaux du bâtiment<\/label>/)
  t.match(html, /<button type="button" class="button button--ghost">Compléter tout le profil maintenant<\/button>/)
  const all = render(<ProfileView {...props({ step: 'all' })} />)
  t.match(all, /<fieldset class="form-section" id="assurance">/, 'the insurance reachable as #assurance')
  t.match(all, /<fieldset class="form-section" id="banque">/, 'the bank details as #banque')
  t.match(all, /<label for="profile-defaultPaymentTerms">Conditions de paiement habituelles/)
  t.match(all, /<label for="profile-defaultExecutionConditions">Conditions d’exécution et garanties habituelles/)
  t.notMatch(all, /Compléter tout le profil maintenant/)
})
