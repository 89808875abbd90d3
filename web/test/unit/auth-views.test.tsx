// What the account pages show in each state, rendered in Node as the prerender does. The states
// after hydration (a link used, an error, a session) are driven in Chromium by auth.test.ts;
// here every view is checked for its French text, its structure and its links.
import t from 'tap'
import type { ReactNode } from 'react'
import { AuthUnavailable } from '@/features/auth/components/auth-unavailable'
import { FormAlert, FormStatus } from '@/components/form/form-alert'
import { HeaderAccountView } from '@/features/auth/components/header-account'
import { ResendConfirmation } from '@/features/auth/components/resend-confirmation'
import { TextField } from '@/components/form/text-field'
import { AccountView, loadAccount, type AccountViewProps } from '@/features/auth/components/account-section'
import { ConfirmEmailView } from '@/features/auth/routes/confirm-email'
import { ResetRequested } from '@/features/auth/routes/forgot-password'
import { AlreadySignedIn } from '@/features/auth/routes/login'
import { ResetPasswordView, type ResetPasswordViewProps } from '@/features/auth/routes/reset-password'
import { CheckMailbox } from '@/features/auth/routes/signup'
import { ApiError, createApiClient } from '@/lib/api-client'
import { serverRender } from '../support/server-render.js'

const noop = () => {}

const render = (node: ReactNode) => serverRender(node, { config: { supabaseAnonKey: 'anon-key' } })

const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]

t.test('small parts: alerts, statuses, fields, the not-configured notice', async (t) => {
  t.match(render(<FormAlert>Refusé</FormAlert>), '<div class="notice notice--error" role="alert">Refusé</div>')
  t.match(render(<FormStatus>Envoyé</FormStatus>), '<div class="notice notice--success" role="status">Envoyé</div>')
  t.equal(render(<AuthUnavailable availability="pending" />), '')
  t.equal(render(<AuthUnavailable availability="ready" />), '')
  t.match(render(<AuthUnavailable availability="unconfigured" />), /ne sont pas configurés sur cette instance/)
  const field = render(
    <TextField
      id="f"
      name="f"
      label="Adresse e-mail"
      type="email"
      autoComplete="email"
      value=""
      onChange={noop}
      hint="Exemple"
      error="Invalide"
    />
  )
  t.match(field, /aria-invalid="true"/)
  t.match(field, /aria-describedby="f-hint f-error"/)
  t.match(field, /class="field field--invalid"/)
  t.match(field, /autoCapitalize="none"|autocapitalize="none"/i)
  const plain = render(<TextField id="g" name="g" label="Nom" type="text" autoComplete="name" value="x" onChange={noop} />)
  t.notMatch(plain, /aria-describedby|aria-invalid|spellcheck/i)
})

t.test('the header: « Connexion » and « Créer un compte », or « Mon espace » and « Se déconnecter »', async (t) => {
  const out = render(<HeaderAccountView signedIn={false} onSignOut={noop} signingOut={false} />)
  t.match(out, /href="\/connexion"[^>]*>Connexion</)
  t.match(out, /href="\/inscription"[^>]*>Créer un compte</, 'signing up is one click away')
  t.notMatch(out, /Se déconnecter/)
  const invited = render(
    <HeaderAccountView signedIn={false} onSignOut={noop} signingOut={false} redirectTo="/espace/invitation?token=abc" />
  )
  t.match(
    invited,
    /href="\/connexion\?redirectTo=%2Fespace%2Finvitation%3Ftoken%3Dabc"[^>]*>Connexion</,
    'an invitation kept on the header’s links too'
  )
  t.match(invited, /href="\/inscription\?redirectTo=%2Fespace%2Finvitation%3Ftoken%3Dabc"[^>]*>Créer un compte</)
  const signedIn = render(<HeaderAccountView signedIn onSignOut={noop} signingOut />)
  t.match(signedIn, /href="\/espace"[^>]*>Mon espace</)
  t.notMatch(signedIn, /Créer un compte/, 'not offered to someone who has one')
  t.match(signedIn, /<button type="button" class="site-nav__button" disabled="">Se déconnecter<\/button>/)
})

t.test('sign-up done, reset requested, already signed in', async (t) => {
  const mailbox = render(<CheckMailbox email="ines@example.fr" />)
  t.equal(heading(mailbox), 'Vérifiez votre boîte mail')
  t.match(mailbox, /<strong>ines@example.fr<\/strong>/)
  t.match(mailbox, /Renvoyer l’e-mail de confirmation/)
  t.match(mailbox, /href="\/mot-de-passe-oublie"/)
  const requested = render(<ResetRequested email="ines@example.fr" onAgain={noop} />)
  t.equal(heading(requested), 'Vérifiez votre boîte mail')
  t.match(requested, /Si un compte existe pour <strong>ines@example.fr<\/strong>/)
  t.match(requested, /Saisir une autre adresse/)
  const already = render(<AlreadySignedIn email="ines@example.fr" target="/espace" onSignOut={noop} signingOut={false} />)
  t.match(already, /Vous êtes déjà connecté/)
  t.match(already, /href="\/espace"[^>]*>Continuer/)
  t.notMatch(render(<AlreadySignedIn email={null} target="/" onSignOut={noop} signingOut />), /l’adresse/)
  const resend = render(<ResendConfirmation idPrefix="r" />)
  t.match(resend, /Adresse e-mail utilisée pour l’inscription/)
  t.match(resend, /disabled=""/, 'inert until hydration')
})

t.test('/confirm-email in each stage of the link', async (t) => {
  const idle = render(<ConfirmEmailView landing={{ kind: 'idle' }} />)
  t.equal(heading(idle), 'Confirmez votre adresse e-mail')
  t.notMatch(idle, /role="status"/)
  t.match(render(<ConfirmEmailView landing={{ kind: 'working' }} />), /role="status">Vérification du lien de confirmation…/)
  t.match(render(<ConfirmEmailView landing={{ kind: 'unconfigured' }} />), /ne sont pas configurés/)
  const confirmed = render(<ConfirmEmailView landing={{ kind: 'signed-in', email: 'ines@example.fr', recovery: false }} />)
  t.equal(heading(confirmed), 'Adresse e-mail confirmée')
  t.match(confirmed, /avec l’adresse <strong>ines@example.fr<\/strong>/)
  t.match(confirmed, /href="\/espace"[^>]*>Accéder à mon espace/)
  t.notMatch(render(<ConfirmEmailView landing={{ kind: 'signed-in', email: null, recovery: false }} />), /l’adresse/)
  const expired = render(<ConfirmEmailView landing={{ kind: 'failed', code: 'otp_expired', message: 'Ce lien n’est plus valable.' }} />)
  t.equal(heading(expired), 'Ce lien de confirmation ne fonctionne plus')
  t.match(expired, /role="alert">Ce lien n’est plus valable./)
  t.match(expired, /Recevoir un nouveau lien/)
  const other = render(<ConfirmEmailView landing={{ kind: 'failed', code: 'bad_code_verifier', message: 'Autre navigateur.' }} />)
  t.equal(heading(other), 'La confirmation n’a pas abouti')
})

t.test('/reset-password: without a link, with a recovery session, after a failed link', async (t) => {
  const props = (overrides: Partial<ResetPasswordViewProps>): ResetPasswordViewProps => ({
    landing: { kind: 'idle' },
    recoveryEmail: undefined,
    requestedFor: null,
    onRequested: noop,
    ...overrides
  })
  const idle = render(<ResetPasswordView {...props({})} />)
  t.equal(heading(idle), 'Choisir un nouveau mot de passe')
  t.match(idle, /Sans lien valide/)
  t.match(render(<ResetPasswordView {...props({ landing: { kind: 'working' } })} />), /Vérification du lien de réinitialisation…/)
  t.match(render(<ResetPasswordView {...props({ landing: { kind: 'unconfigured' } })} />), /ne sont pas configurés/)
  const form = render(<ResetPasswordView {...props({ recoveryEmail: 'ines@example.fr' })} />)
  t.match(form, /Pour le compte <strong>ines@example.fr<\/strong>/)
  t.match(form, /<label for="reset-password">Nouveau mot de passe<\/label>/)
  t.match(form, /Au moins 12 caractères/)
  t.match(form, /autoComplete="new-password"|autocomplete="new-password"/i)
  t.notMatch(render(<ResetPasswordView {...props({ recoveryEmail: null })} />), /Pour le compte/)
  const failed = render(<ResetPasswordView {...props({ landing: { kind: 'failed', code: 'otp_expired', message: 'Expiré.' } })} />)
  t.equal(heading(failed), 'Ce lien de réinitialisation ne fonctionne plus')
  t.match(failed, /Adresse e-mail de votre compte/)
  const requested = render(
    <ResetPasswordView
      {...props({ landing: { kind: 'failed', code: 'otp_expired', message: 'Expiré.' }, requestedFor: 'ines@example.fr' })}
    />
  )
  t.match(requested, /role="status">Si un compte existe pour <strong>ines@example.fr<\/strong>/)
})

t.test('the workspace’s account section (/espace and the other workspace pages): loading, greeted, failures, signed out', async (t) => {
  const props = (overrides: Partial<AccountViewProps>): AccountViewProps => ({
    signedOut: false,
    load: { kind: 'loading' },
    passwordChanged: false,
    onRetry: noop,
    onSignOut: noop,
    signingOut: false,
    signOutError: null,
    ...overrides
  })
  t.match(render(<AccountView {...props({})} />), /role="status">Chargement de votre espace…/)
  const ready = render(
    <AccountView {...props({ load: { kind: 'ready', email: 'ines@example.fr' }, passwordChanged: true, signOutError: 'Injoignable.' })} />
  )
  t.match(
    ready,
    /<button type="button" class="button button--ghost account-menu__toggle" aria-expanded="false" aria-controls="([^"]+)">Compte<[\s\S]*<div id="\1" class="account-menu__panel" hidden="">/,
    'one « Compte » button discloses the menu, closed at first'
  )
  t.match(ready, /Connecté en tant que <strong>ines@example.fr<\/strong>/)
  t.match(
    ready,
    /<button type="button" class="button button--ghost account__sign-out">Se déconnecter<\/button><\/div>/,
    '« Se déconnecter » inside the menu'
  )
  t.match(ready, /Votre nouveau mot de passe est enregistré./)
  t.match(ready, /role="alert">Injoignable./)
  t.match(render(<AccountView {...props({ load: { kind: 'ready', email: null } })} />), /Vous êtes connecté\./)
  const expired = render(<AccountView {...props({ load: { kind: 'failed', error: new ApiError(401, 'token_expired', 'Expiré') } })} />)
  t.match(expired, /reconnectez-vous/)
  t.match(expired, /href="\/connexion\?redirectTo=%2Fespace"/)
  const onQuote = render(
    <AccountView
      {...props({ load: { kind: 'failed', error: new ApiError(401, 'token_expired', 'Expiré') }, returnTo: '/espace/devis/q1' })}
    />
  )
  t.match(onQuote, /href="\/connexion\?redirectTo=%2Fespace%2Fdevis%2Fq1"/, 'back to the page being shown')
  const down = render(
    <AccountView {...props({ load: { kind: 'failed', error: new ApiError(0, 'network_error', 'Le serveur ne répond pas.') } })} />
  )
  t.match(down, /Le serveur ne répond pas./)
  t.match(down, />Réessayer</)
  const out = render(<AccountView {...props({ signedOut: true })} />)
  t.match(out, /Vous n’êtes plus connecté/)
})

t.test('/espace asks the gateway who is signed in', async (t) => {
  const api = (answer: () => Promise<Response>) => createApiClient({ getAccessToken: async () => 'jwt', fetch: answer })
  const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status })
  t.same(await loadAccount(api(json(200, { user: { id: 'u', email: 'ines@example.fr', role: 'authenticated', aal: 'aal1' } }))), {
    kind: 'ready',
    email: 'ines@example.fr'
  })
  t.match(await loadAccount(api(json(401, { error: { code: 'token_expired', message: 'Expiré' } }))), {
    kind: 'failed',
    error: { status: 401, code: 'token_expired' }
  })
  const broken = createApiClient({
    getAccessToken: async () => {
      throw new Error('storage')
    }
  })
  t.match(await loadAccount(broken), { kind: 'failed', error: { status: 0, code: 'unknown', message: 'Error: storage' } })
})
