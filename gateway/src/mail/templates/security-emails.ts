// The account’s security notices: a sign-in from a device not seen before, a second factor added
// or removed, a recovery code used (embedded accounts; with Supabase Auth, the recovery code's
// use only, the one the gateway sees). Each says what happened, when, and what to do if it was not
// the owner; none carries a link that acts on the account.
import { paths } from '@paraphe/shared/paths'
import { renderEmailLayout, type EmailContent, type SiteIdentity } from './layout.js'

const when = (at: Date) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(at)

function notice(site: SiteIdentity, subject: string, heading: string, facts: Array<{ label: string; value: string }>, text: string) {
  const rendered = renderEmailLayout({
    ...site,
    heading,
    blocks: [
      { type: 'paragraph', text },
      { type: 'facts', rows: facts },
      {
        type: 'paragraph',
        text: 'Si ce n’est pas vous, changez votre mot de passe tout de suite : cela ferme les sessions ouvertes ailleurs. Vérifiez ensuite la double authentification dans la page « Sécurité » de votre espace.'
      },
      { type: 'action', label: 'Ouvrir la page Sécurité', url: new URL(paths.security.path, site.siteUrl).href }
    ],
    footer: `Vous recevez cet e-mail pour protéger votre compte ${site.siteName} ; il ne peut pas être désactivé.`
  })
  return { subject: `${subject} — ${site.siteName}`, ...rendered } satisfies EmailContent
}

export function newDeviceEmail(site: SiteIdentity, device: string, at: Date): EmailContent {
  return notice(
    site,
    'Connexion depuis un nouvel appareil',
    'Connexion depuis un nouvel appareil',
    [
      { label: 'Appareil', value: device },
      { label: 'Date', value: when(at) }
    ],
    `Votre compte ${site.siteName} vient d’être ouvert depuis un appareil que nous ne connaissions pas.`
  )
}

export function factorAddedEmail(site: SiteIdentity, at: Date): EmailContent {
  return notice(
    site,
    'Double authentification activée',
    'Double authentification activée',
    [{ label: 'Date', value: when(at) }],
    'Une application d’authentification a été ajoutée à votre compte : chaque connexion demandera désormais son code après le mot de passe.'
  )
}

export function factorRemovedEmail(site: SiteIdentity, at: Date): EmailContent {
  return notice(
    site,
    'Double authentification désactivée',
    'Double authentification désactivée',
    [{ label: 'Date', value: when(at) }],
    'L’application d’authentification a été retirée de votre compte : la connexion ne demande plus que le mot de passe.'
  )
}

export function recoveryCodeUsedEmail(site: SiteIdentity, at: Date, remaining: number): EmailContent {
  return notice(
    site,
    'Code de secours utilisé',
    'Code de secours utilisé',
    [
      { label: 'Date', value: when(at) },
      { label: 'Codes restants', value: String(remaining) }
    ],
    'Un code de secours vient de servir à vous connecter à la place du code de votre application d’authentification. Ce code ne fonctionnera plus.'
  )
}

/**
 * With Supabase Auth, a recovery code does not stand in for the authenticator: it removes it, as
 * Supabase advises for a lost one (accounts/upstream-recovery-codes.ts).
 */
export function recoveryCodeRemovedFactorEmail(site: SiteIdentity, at: Date): EmailContent {
  return notice(
    site,
    'Code de secours utilisé',
    'Code de secours utilisé',
    [
      { label: 'Date', value: when(at) },
      { label: 'Double authentification', value: 'désactivée' }
    ],
    'Un code de secours vient de servir à vous connecter à la place du code de votre application d’authentification. Cette application a été retirée de votre compte, avec les codes de secours restants : la connexion ne demande plus que le mot de passe. Activez à nouveau la double authentification dans la page « Sécurité » : de nouveaux codes vous seront donnés.'
  )
}
