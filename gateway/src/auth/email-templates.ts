// French bodies of the e-mails Supabase Auth sends (GoTrue fetches them from the gateway:
// GOTRUE_MAILER_TEMPLATES_* = http://gateway:3000/auth-email-templates/<name>). They are Go
// templates: `{{ .TokenHash }}` and `{{ .SiteURL }}` are filled in by GoTrue.
//
// The links use the token-hash form, verified by the page with JavaScript: a mail scanner
// that follows links cannot consume them, and they work in any browser.
import { escapeHtml } from '@paraphe/shared/html-text'
import { paths } from '@paraphe/shared/paths'

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
    link: `{{ .SiteURL }}${paths.confirmEmail.path}?token_hash={{ .TokenHash }}&type=email`,
    outro: 'Si vous n’avez pas créé de compte, ignorez ce message : sans confirmation, le compte reste inactif.'
  },
  recovery: {
    heading: 'Choisissez un nouveau mot de passe',
    intro: 'Une demande de nouveau mot de passe a été faite pour votre compte {site}.',
    action: 'Choisir un nouveau mot de passe',
    link: `{{ .SiteURL }}${paths.resetPassword.path}?token_hash={{ .TokenHash }}&type=recovery`,
    outro: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable.'
  },
  'email-change': {
    heading: 'Confirmez votre nouvelle adresse e-mail',
    intro: 'Vous avez demandé à utiliser l’adresse {newEmail} pour votre compte {site}.',
    action: 'Confirmer la nouvelle adresse',
    link: `{{ .SiteURL }}${paths.confirmEmail.path}?token_hash={{ .TokenHash }}&type=email_change`,
    outro: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message et changez votre mot de passe.'
  },
  invite: {
    heading: 'Vous êtes invité',
    intro: 'Vous êtes invité à rejoindre l’espace de votre entreprise sur {site}.',
    action: 'Accepter l’invitation',
    link: `{{ .SiteURL }}${paths.confirmEmail.path}?token_hash={{ .TokenHash }}&type=invite`,
    outro: 'Si vous ne vous attendiez pas à cette invitation, ignorez ce message.'
  },
  'magic-link': {
    heading: 'Votre lien de connexion',
    intro: 'Voici le lien pour vous connecter à {site}.',
    action: 'Me connecter',
    link: `{{ .SiteURL }}${paths.confirmEmail.path}?token_hash={{ .TokenHash }}&type=magiclink`,
    outro: 'Si vous n’avez pas demandé ce lien, ignorez ce message.'
  }
} satisfies Record<string, Template>

export type EmailTemplateName = keyof typeof TEMPLATES
export const EMAIL_TEMPLATE_NAMES = Object.keys(TEMPLATES) as EmailTemplateName[]

export function isEmailTemplateName(name: string): name is EmailTemplateName {
  return Object.hasOwn(TEMPLATES, name)
}

/** The operator's text, escaped for HTML and kept out of Go's template syntax. */
function literal(text: string): string {
  return escapeHtml(text).replaceAll('{', '&#123;').replaceAll('}', '&#125;')
}

export function renderEmailTemplate(name: EmailTemplateName, siteName: string): string {
  const template: Template = TEMPLATES[name]
  const site = literal(siteName)
  // `{site}` is the operator's name (escaped); `{newEmail}` is left for GoTrue to fill in.
  const text = (value: string) =>
    literal(value).replace(/&#123;(site|newEmail)&#125;/g, (match, key: string) => (key === 'site' ? site : '{{ .NewEmail }}'))
  return `<!doctype html>
<html lang="fr">
  <body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
      <tr><td style="padding:32px">
        <p style="margin:0 0 16px;font-size:14px;color:#52606d">${site}</p>
        <h1 style="margin:0 0 16px;font-size:22px;color:#1f3a5f">${text(template.heading)}</h1>
        <p style="margin:0 0 24px;font-size:16px;line-height:1.5">${text(template.intro)}</p>
        <p style="margin:0 0 24px"><a href="${template.link}" style="display:inline-block;padding:12px 20px;background:#1f3a5f;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${text(template.action)}</a></p>
        <p style="margin:0 0 8px;font-size:14px;color:#52606d">Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :</p>
        <p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${template.link}" style="color:#1f3a5f">${template.link}</a></p>
        <p style="margin:0;font-size:14px;line-height:1.5;color:#52606d">Ce lien ne sert qu’une fois et expire rapidement. ${text(template.outro)}</p>
      </td></tr>
    </table>
  </body>
</html>
`
}
