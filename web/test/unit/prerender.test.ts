import t from 'tap'
import { placeholder } from '@paraphe/shared/runtime-config'
import { prerenderTargets, renderPage } from '@/entry-server'

// The prerender is what visitors receive before any JavaScript runs: each page must carry its
// French content, with runtime values as placeholders the gateway fills in.
const HEADINGS: Record<string, RegExp> = {
  '/': /Vos devis signés en ligne/,
  '/tarifs': /^Tarifs$/,
  '/fonctionnalites': /./,
  '/contact': /Nous contacter/,
  '/privacy': /confidentialité/i,
  '/mentions-legales': /Mentions légales/,
  '/conditions': /Conditions générales d’utilisation/,
  '/success': /./,
  '/cancel': /annulé/i,
  '/confirm-email': /./,
  '/reset-password': /./,
  '/SignatureDevis': /Signer un devis/,
  '/facture': /^Consulter et régler une facture$/,
  '/verification': /^Vérifier un devis signé$/,
  '/developpeurs/api': /^Référence de l’API$/,
  '/connexion': /^Se connecter$/,
  '/inscription': /^Créer un compte$/,
  '/mot-de-passe-oublie': /^Mot de passe oublié$/,
  '/espace': /^Mon espace$/,
  '/espace/devis/nouveau': /^Nouveau devis$/,
  '/espace/devis/:id': /^Devis$/,
  '/espace/devis/:id/facturation': /^Facturer le devis$/,
  '/espace/factures': /^Factures$/,
  '/espace/factures/nouvelle': /^Nouvelle facture$/,
  '/espace/factures/:id': /^Facture$/,
  '/espace/profil': /^Profil de l’entreprise$/,
  '/espace/securite': /^Sécurité$/,
  '/espace/abonnement': /^Abonnement$/,
  '/espace/equipe': /^Équipe$/,
  '/espace/clients': /^Clients$/,
  '/espace/clients/:id': /^Client$/,
  '/espace/articles': /^Articles$/,
  '/espace/invitation': /^Invitation$/,
  '/espace/api': /^Clés d’API$/,
  '/espace/webhooks': /^Webhooks$/,
  '/espace/expediteur': /^Adresse d’expédition$/,
  '/espace/plateforme-agreee': /^Ma plateforme agréée$/,
  '404': /Page introuvable/
}

t.test('every public page and the 404 page are prerendered', async (t) => {
  const targets = prerenderTargets()
  t.same(targets.map((target) => target.path).sort(), Object.keys(HEADINGS).sort())
  for (const target of targets) {
    const page = await renderPage(target.url)
    const headings = [...page.html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((match) => match[1]?.replace(/<[^>]+>/g, ''))
    t.equal(headings.length, 1, `${target.path}: one h1`)
    t.match(headings[0], HEADINGS[target.path] ?? /^$/, `${target.path}: heading`)
    t.ok(page.html.includes(placeholder('siteName')), `${target.path}: site name left for the gateway`)
    t.ok(page.handle.title.length > 0 && page.handle.description.length > 20, `${target.path}: head`)
    // The site's pages in the site's frame; the workspace in its application frame.
    const workspace = target.path.startsWith('/espace')
    // The client's pages (signing, invoice) are the professional's: the signing frame.
    const signing = target.path === '/SignatureDevis' || target.path === '/facture'
    if (signing) {
      const tagline = target.path === '/facture' ? 'Facture en ligne' : 'Signature électronique sécurisée'
      t.match(
        page.html,
        new RegExp(`<header class="site-header site-header--signing">[\\s\\S]*${tagline}`),
        `${target.path}: the signing header`
      )
      t.notMatch(page.html, /Navigation principale|>Connexion</, `${target.path}: no menu, no account`)
    } else if (workspace) {
      t.match(
        page.html,
        /<header class="app-header">[\s\S]*<nav class="workspace-nav" aria-label="Espace professionnel">/,
        `${target.path}: workspace layout`
      )
      t.notMatch(page.html, /Navigation principale/, `${target.path}: no marketing menu`)
    } else {
      t.match(page.html, /<nav aria-label="Navigation principale">/, `${target.path}: layout`)
    }
    const links = signing
      ? []
      : workspace
        ? ['Devis', 'Factures', 'Clients', 'Articles', 'Nouveau devis']
        : ['Fonctionnalités', 'Tarifs', 'Contact', 'Connexion']
    for (const label of [...links, 'Confidentialité', 'Mentions légales', 'Conditions d’utilisation']) {
      t.ok(page.html.includes(`>${label}<`), `${target.path}: link ${label}`)
    }
  }
})

t.test('the 404 page names the path it was rendered at', async (t) => {
  const page = await renderPage('/cette-page-n-existe-pas')
  t.ok(page.html.includes('Page not found: /cette-page-n-existe-pas'))
  t.match(page.html, /data-variant="not-found"/)
})

t.test('pricing publishes the plans in its payload and renders them all', async (t) => {
  const page = await renderPage('/tarifs')
  t.match(page.payload, { plans: [{ name: 'Découverte' }, { name: 'Pro' }, { name: 'Entreprise' }] })
  for (const name of ['Découverte', 'Pro', 'Entreprise']) t.ok(page.html.includes(name), name)
  t.match(page.html, /14\s*€/, 'Pro monthly price HT')
  t.match(page.html, /Mensuel/)
})

t.test('the legal notice shows the operator identity from the runtime config', async (t) => {
  const page = await renderPage('/mentions-legales')
  for (const key of ['name', 'address', 'registration', 'email', 'publicationDirector', 'hostName', 'hostAddress'] as const) {
    t.ok(page.html.includes(placeholder(`operator.${key}`)), key)
  }
})

t.test('account pages prerender their neutral state: forms inert until hydration, the account area loading', async (t) => {
  const account = await renderPage('/espace')
  t.ok(account.html.includes('Chargement de votre espace…'), '/espace: loading, nothing personal')
  for (const path of ['/connexion', '/inscription', '/mot-de-passe-oublie']) {
    const page = await renderPage(path)
    t.match(page.html, /<form [^>]*method="post"/, `${path}: a form that never submits by GET`)
    t.match(page.html, /<button type="submit" class="button button--primary" disabled=""/, `${path}: submit disabled before hydration`)
    t.notOk(page.html.includes('ne sont pas configurés'), `${path}: no "not configured" notice in the HTML (decided in the browser)`)
  }
})
