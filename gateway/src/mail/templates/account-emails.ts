// The e-mails of the embedded accounts (src/accounts): confirm the address, choose a new
// password, and « vous avez déjà un compte » for a sign-up with an address that has one. Links use
// the token-hash form the account pages verify with JavaScript, as the GoTrue templates do
// (auth/email-templates.ts): a mail scanner following links cannot use them up.
import { paths } from '@paraphe/shared/paths'
import { renderEmailLayout, type EmailContent, type SiteIdentity } from './layout.js'

function siteLink(site: SiteIdentity, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, site.siteUrl)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url.href
}

export function confirmationEmail(site: SiteIdentity, tokenHash: string): EmailContent {
  const rendered = renderEmailLayout({
    ...site,
    heading: 'Confirmez votre adresse e-mail',
    blocks: [
      { type: 'paragraph', text: `Vous venez de créer un compte sur ${site.siteName}. Pour l’activer, confirmez votre adresse e-mail.` },
      {
        type: 'action',
        label: 'Confirmer mon adresse',
        url: siteLink(site, paths.confirmEmail.path, { token_hash: tokenHash, type: 'email' })
      },
      {
        type: 'note',
        text: 'Ce lien ne sert qu’une fois et reste valable 24 heures. Si vous n’avez pas créé de compte, ignorez ce message : sans confirmation, le compte reste inactif.'
      }
    ],
    footer: `Vous recevez cet e-mail parce que votre adresse a été saisie à l’inscription sur ${site.siteName}.`
  })
  return { subject: `Confirmez votre adresse e-mail — ${site.siteName}`, ...rendered }
}

export function recoveryEmail(site: SiteIdentity, tokenHash: string): EmailContent {
  const rendered = renderEmailLayout({
    ...site,
    heading: 'Choisissez un nouveau mot de passe',
    blocks: [
      { type: 'paragraph', text: `Une demande de nouveau mot de passe a été faite pour votre compte ${site.siteName}.` },
      {
        type: 'action',
        label: 'Choisir un nouveau mot de passe',
        url: siteLink(site, paths.resetPassword.path, { token_hash: tokenHash, type: 'recovery' })
      },
      {
        type: 'note',
        text: 'Ce lien ne sert qu’une fois et reste valable 1 heure. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable.'
      }
    ],
    footer: `Vous recevez cet e-mail parce qu’un nouveau mot de passe a été demandé pour votre compte ${site.siteName}.`
  })
  return { subject: `Nouveau mot de passe — ${site.siteName}`, ...rendered }
}

export function existingAccountEmail(site: SiteIdentity): EmailContent {
  const rendered = renderEmailLayout({
    ...site,
    heading: 'Vous avez déjà un compte',
    blocks: [
      {
        type: 'paragraph',
        text: `Quelqu’un — sans doute vous — a voulu créer un compte sur ${site.siteName} avec cette adresse e-mail. Vous avez déjà un compte : aucun autre n’a été créé.`
      },
      { type: 'action', label: 'Me connecter', url: siteLink(site, paths.login.path) },
      { type: 'paragraph', text: 'Mot de passe oublié ? Vous pouvez en choisir un nouveau :' },
      { type: 'action', label: 'Choisir un nouveau mot de passe', url: siteLink(site, paths.forgotPassword.path) },
      { type: 'note', text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre compte n’a pas changé.' }
    ],
    footer: `Vous recevez cet e-mail parce que votre adresse a été saisie à l’inscription sur ${site.siteName}.`
  })
  return { subject: `Vous avez déjà un compte — ${site.siteName}`, ...rendered }
}
