// French bodies of the e-mails Supabase Auth sends (GoTrue fetches them from the gateway:
// GOTRUE_MAILER_TEMPLATES_* = http://gateway:3000/auth-email-templates/<name>). They are Go
// templates: `{{ .TokenHash }}` and `{{ .SiteURL }}` are filled in by GoTrue.
//
// The links use the token-hash form, verified by the page with JavaScript: a mail scanner
// that follows links cannot consume them, and they work in any browser.
import { paths } from '@paraphe/shared/paths'
import { renderEmailLayout } from './layout.js'

// GoTrue fills these in; the layout escapes and checks every value, so the template is drawn with
// stand-ins that are valid text and URLs, then the stand-ins become GoTrue's placeholders.
const SITE_URL = 'https://site-url.gotrue.invalid/'
const TOKEN_HASH = 'token-hash-gotrue-placeholder'
const NEW_EMAIL = 'new-email@gotrue.invalid'

interface Template {
  heading: string
  intro: string
  action: string
  link: string
  outro: string
}

const TEMPLATES = {
  confirmation: {
    heading: 'Confirmez votre adresse e-mail',
    intro: 'Vous venez de créer un compte sur {site}. Pour l’activer, confirmez votre adresse e-mail.',
    action: 'Confirmer mon adresse',
    link: `${SITE_URL.slice(0, -1)}${paths.confirmEmail.path}?token_hash=${TOKEN_HASH}&type=email`,
    outro: 'Si vous n’avez pas créé de compte, ignorez ce message : sans confirmation, le compte reste inactif.'
  },
  recovery: {
    heading: 'Choisissez un nouveau mot de passe',
    intro: 'Une demande de nouveau mot de passe a été faite pour votre compte {site}.',
    action: 'Choisir un nouveau mot de passe',
    link: `${SITE_URL.slice(0, -1)}${paths.resetPassword.path}?token_hash=${TOKEN_HASH}&type=recovery`,
    outro: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable.'
  },
  'email-change': {
    heading: 'Confirmez votre nouvelle adresse e-mail',
    intro: 'Vous avez demandé à utiliser l’adresse {newEmail} pour votre compte {site}.',
    action: 'Confirmer la nouvelle adresse',
    link: `${SITE_URL.slice(0, -1)}${paths.confirmEmail.path}?token_hash=${TOKEN_HASH}&type=email_change`,
    outro: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message et changez votre mot de passe.'
  },
  invite: {
    heading: 'Vous êtes invité',
    intro: 'Vous êtes invité à rejoindre l’espace de votre entreprise sur {site}.',
    action: 'Accepter l’invitation',
    link: `${SITE_URL.slice(0, -1)}${paths.confirmEmail.path}?token_hash=${TOKEN_HASH}&type=invite`,
    outro: 'Si vous ne vous attendiez pas à cette invitation, ignorez ce message.'
  },
  'magic-link': {
    heading: 'Votre lien de connexion',
    intro: 'Voici le lien pour vous connecter à {site}.',
    action: 'Me connecter',
    link: `${SITE_URL.slice(0, -1)}${paths.confirmEmail.path}?token_hash=${TOKEN_HASH}&type=magiclink`,
    outro: 'Si vous n’avez pas demandé ce lien, ignorez ce message.'
  }
} satisfies Record<string, Template>

export type EmailTemplateName = keyof typeof TEMPLATES
export const EMAIL_TEMPLATE_NAMES = Object.keys(TEMPLATES) as EmailTemplateName[]

export function isEmailTemplateName(name: string): name is EmailTemplateName {
  return Object.hasOwn(TEMPLATES, name)
}

const PLACEHOLDERS: ReadonlyArray<[string, string]> = [
  [SITE_URL, '{{ .SiteURL }}/'],
  [TOKEN_HASH, '{{ .TokenHash }}'],
  [NEW_EMAIL, '{{ .NewEmail }}']
]

/** The HTML body GoTrue sends, in the layout of every other e-mail (layout.ts). */
export function renderEmailTemplate(name: EmailTemplateName, siteName: string): string {
  const template: Template = TEMPLATES[name]
  const text = (value: string) => value.replaceAll('{newEmail}', NEW_EMAIL).replaceAll('{site}', siteName)
  const { html } = renderEmailLayout({
    siteName,
    siteUrl: SITE_URL,
    heading: text(template.heading),
    blocks: [
      { type: 'paragraph', text: text(template.intro) },
      { type: 'action', label: text(template.action), url: template.link },
      { type: 'note', text: `Ce lien ne sert qu’une fois et expire rapidement. ${text(template.outro)}` }
    ]
  })
  // Braces of the operator's text must not be read as Go template syntax.
  const literal = html.replaceAll('{', '&#123;').replaceAll('}', '&#125;')
  return PLACEHOLDERS.reduce((body, [standIn, placeholder]) => body.replaceAll(standIn, placeholder), literal)
}
