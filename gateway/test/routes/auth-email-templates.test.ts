import t from 'tap'
import { buildApp } from '../helper.js'

const EXPECTED: Record<string, { link: RegExp; heading: string }> = {
  confirmation: {
    link: /\{\{ \.SiteURL \}\}\/confirm-email\?token_hash=\{\{ \.TokenHash \}\}&amp;type=email"/,
    heading: 'Confirmez votre adresse e-mail'
  },
  recovery: {
    link: /\{\{ \.SiteURL \}\}\/reset-password\?token_hash=\{\{ \.TokenHash \}\}&amp;type=recovery"/,
    heading: 'Choisissez un nouveau mot de passe'
  },
  'email-change': {
    link: /\/confirm-email\?token_hash=\{\{ \.TokenHash \}\}&amp;type=email_change"/,
    heading: 'Confirmez votre nouvelle adresse e-mail'
  },
  invite: { link: /\/confirm-email\?token_hash=\{\{ \.TokenHash \}\}&amp;type=invite"/, heading: 'Vous êtes invité' },
  'magic-link': { link: /\/confirm-email\?token_hash=\{\{ \.TokenHash \}\}&amp;type=magiclink"/, heading: 'Votre lien de connexion' }
}

t.test('GoTrue gets French e-mail bodies whose links go through the pages', async (t) => {
  const app = await buildApp({ SITE_NAME: 'Devis & Co {{ .Email }}' })
  t.teardown(() => app.close())
  for (const [name, { link, heading }] of Object.entries(EXPECTED)) {
    const response = await app.inject({ url: `/auth-email-templates/${name}` })
    t.equal(response.statusCode, 200, name)
    t.equal(response.headers['content-type'], 'text/html; charset=utf-8', name)
    t.match(response.body, /<html lang="fr">/, name)
    t.ok(response.body.includes(`>${heading}</h1>`), `${name}: heading`)
    t.match(response.body, link, `${name}: token-hash link to the page`)
    t.ok(response.body.includes('Devis &amp; Co &#123;&#123; .Email &#125;&#125;'), `${name}: site name escaped, no template injection`)
    t.notMatch(response.body, /\{\{ \.Email \}\}/, `${name}: the operator's text is no template`)
    t.match(response.body, /max-width:600px/, `${name}: the layout of every other e-mail (mail/templates/layout.ts)`)
    t.match(response.body, /Si le bouton ne fonctionne pas, copiez cette adresse/, `${name}: the link is also written out`)
  }
  const change = await app.inject({ url: '/auth-email-templates/email-change' })
  t.match(change.body, /l’adresse \{\{ \.NewEmail \}\} pour votre compte/)
  const unknown = await app.inject({ url: '/auth-email-templates/inconnu' })
  t.equal(unknown.statusCode, 404)
  t.equal(unknown.json<{ error: { message: string } }>().error.message, 'Ce modèle d’e-mail n’existe pas.')
  t.equal((await app.inject({ url: '/auth-email-templates/toString' })).statusCode, 404, 'no prototype lookup')
})
