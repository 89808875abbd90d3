import { Link } from 'react-router-dom'
import { FREE_PLAN_ID, findPlan } from '@paraphe/shared/plans'
import { formatEuros, formatVatRate, vatCents } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import { useRuntimeConfig } from '@/lib/runtime-config'

export const handle: RouteHandle = {
  title: 'Devis signés en ligne',
  description:
    'Rédigez vos devis avec les mentions obligatoires, faites-les signer en ligne avec un dossier de preuve, puis facturez-les : acompte, situations, solde, au format Factur-X.'
}

// The example quote in the hero: amounts go through the shared money module like a real quote.
const EXAMPLE_VAT_BP = 1000
const EXAMPLE_LINES = [
  { label: 'Chauffe-eau électrique 200\u00a0L', htCents: 62_000 },
  { label: 'Pose et raccordement (3\u00a0h)', htCents: 14_400 },
  { label: 'Déplacement', htCents: 3_500 }
] as const
const exampleHt = EXAMPLE_LINES.reduce((sum, line) => sum + line.htCents, 0)
const exampleVat = vatCents(exampleHt, EXAMPLE_VAT_BP)

// Made by `node scripts/product-shot.mjs` from the real signing page (360 × 740 at 2×, WebP).
const PRODUCT_SHOT = { src: '/images/signature-telephone.webp', width: 360, height: 740 } as const

function freeQuotesPerMonth(): number | null {
  return findPlan(FREE_PLAN_ID)?.limits.quotesPerMonth ?? null
}

export function Component() {
  const { siteName } = useRuntimeConfig()
  const freeQuotes = freeQuotesPerMonth()
  return (
    <article className="home">
      <header className="hero">
        <div className="hero__text">
          <p className="eyebrow">Pour les artisans, indépendants et TPE</p>
          <h1>Vos devis signés en ligne, preuve à l’appui</h1>
          <p className="lead">
            Rédigez un devis conforme, envoyez-le par e-mail et laissez votre client le signer depuis son téléphone. Vous recevez le PDF
            signé et scellé, accompagné de son dossier de preuve.
          </p>
          <p className="actions">
            <Link className="button button--primary" to={paths.signup.href()}>
              Créer un compte gratuit
            </Link>
            <Link className="button button--ghost" to={paths.pricing.href()}>
              Voir les tarifs
            </Link>
          </p>
          {freeQuotes !== null && (
            <p className="hint">
              Gratuit jusqu’à {freeQuotes} devis envoyés par mois, sans carte bancaire. Vos clients signent gratuitement, sans créer de
              compte.
            </p>
          )}
        </div>
        <div className="quote-mock" aria-hidden="true">
          <p className="quote-mock__head">
            <span>Devis DEV-2026-0042</span>
            <span className="badge badge--signed">Signé</span>
          </p>
          <p className="quote-mock__title">Remplacement d’un chauffe-eau</p>
          <ul className="quote-mock__lines">
            {EXAMPLE_LINES.map((line) => (
              <li key={line.label}>
                <span>{line.label}</span>
                <span>{formatEuros(line.htCents)}</span>
              </li>
            ))}
          </ul>
          <ul className="quote-mock__totals">
            <li>
              <span>Total HT</span>
              <span>{formatEuros(exampleHt)}</span>
            </li>
            <li>
              <span>TVA {formatVatRate(EXAMPLE_VAT_BP)}</span>
              <span>{formatEuros(exampleVat)}</span>
            </li>
            <li className="quote-mock__ttc">
              <span>Total TTC</span>
              <span>{formatEuros(exampleHt + exampleVat)}</span>
            </li>
          </ul>
          <p className="quote-mock__sign">
            <span className="quote-mock__mention">Bon pour accord</span>
            <svg viewBox="0 0 160 40" width="160" height="40" focusable="false">
              <path
                d="M6 30c10-22 18-24 20-10s6 12 14-6 10-8 12 4 8 8 16-4 12-6 18 2 14 6 26-8"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </p>
        </div>
      </header>

      <section className="section" aria-labelledby="home-steps">
        <h2 id="home-steps">Comment ça marche</h2>
        <ol className="steps">
          <li className="steps__item">
            <h3>Rédigez le devis</h3>
            <p>
              Vos coordonnées, votre SIRET et votre assurance sont repris automatiquement. Vous saisissez les lignes (fournitures,
              main-d’œuvre, déplacement), la TVA est calculée taux par taux et les mentions obligatoires sont imprimées sur le PDF.
            </p>
          </li>
          <li className="steps__item">
            <h3>Envoyez-le par e-mail</h3>
            <p>
              Votre client reçoit un e-mail avec un lien de signature personnel. Le lien expire avec la validité du devis, et vous voyez
              quand le devis a été consulté.
            </p>
          </li>
          <li className="steps__item">
            <h3>Votre client signe sur son téléphone</h3>
            <p>
              Il lit le devis, accepte les conditions, tape « Bon pour accord » et signe du doigt. Vous recevez tous les deux le PDF signé
              et scellé, avec le dossier de preuve.
            </p>
          </li>
        </ol>
      </section>

      <section className="section home-shot" aria-labelledby="home-shot-title">
        <div className="home-shot__text">
          <h2 id="home-shot-title">Ce que voit votre client</h2>
          <p>
            Le lien de l’e-mail ouvre votre devis sur son téléphone, à votre nom&#8239;: les lignes, la TVA taux par taux, le total TTC et
            le PDF à télécharger. Il coche les conditions, tape «&#8239;Bon pour accord&#8239;» et signe du doigt, sans créer de compte.
          </p>
          <p className="hint">
            Capture de la page de signature de {siteName}, telle qu’un client la voit sur un téléphone de 360 pixels de large.
          </p>
        </div>
        {/* Below the fold: loaded when it comes near, its box reserved by width and height (no layout shift). */}
        <img
          className="home-shot__phone"
          src={PRODUCT_SHOT.src}
          width={PRODUCT_SHOT.width}
          height={PRODUCT_SHOT.height}
          loading="lazy"
          decoding="async"
          alt="La page de signature sur un téléphone : le devis n° DEV-2026-0001 de Dupont Rénovation, « Rénovation de la salle de bains », 1 555,02 € TTC, le bouton pour télécharger le PDF et « Continuer » vers la signature."
        />
      </section>

      <section className="section" aria-labelledby="home-invoices">
        <h2 id="home-invoices">Du devis signé à la facture payée</h2>
        <p>Le devis signé devient ses factures, sans rien ressaisir&#8239;: les lignes, le client et les montants sont repris du devis.</p>
        <ul className="card-grid">
          <li className="card">
            <h3>Acompte, situations et solde</h3>
            <p>
              Facturez l’acompte prévu au devis, puis l’avancement du chantier par situations (en pourcentage), puis le solde&#8239;; la
              retenue de garantie et l’autoliquidation de la sous-traitance sont prévues. Une erreur se corrige par un avoir.
            </p>
          </li>
          <li className="card">
            <h3>Au format Factur-X</h3>
            <p>
              Chaque facture est un PDF/A-3 qui contient son fichier XML Factur-X (profil EN&#8239;16931), lisible par le logiciel de votre
              client et par votre comptable. Numérotée sans trou, elle ne peut plus être modifiée une fois émise.
            </p>
          </li>
          <li className="card">
            <h3>Une page pour payer</h3>
            <p>
              Votre client reçoit la facture par e-mail avec un lien vers sa page&#8239;: le montant restant dû, votre IBAN et un QR code de
              virement. Les relances partent d’elles-mêmes après l’échéance.
            </p>
          </li>
          <li className="card">
            <h3>Pour votre comptable</h3>
            <p>Exportez vos factures en CSV, le journal des ventes au format FEC et les fichiers Factur-X de la période, en un clic.</p>
          </li>
        </ul>
      </section>

      <section className="section section--tinted" aria-labelledby="home-legal">
        <h2 id="home-legal">Une signature qui a une valeur juridique</h2>
        <div className="columns">
          <div>
            <p>
              Le Code civil donne à l’écrit électronique la même force probante qu’un écrit papier (article 1366), à condition de pouvoir
              identifier son auteur et d’en garantir l’intégrité. La signature électronique doit reposer sur un procédé fiable
              d’identification qui la relie à l’acte signé (article 1367).
            </p>
            <p>
              {siteName} produit une <strong>signature électronique simple</strong> au sens du règlement européen eIDAS (n°&nbsp;910/2014).
              Ce n’est pas une signature qualifiée&#8239;: sa fiabilité n’est pas présumée. Mais le règlement interdit de lui refuser un
              effet juridique au seul motif qu’elle est électronique (article 25). En cas de contestation, c’est le dossier de preuve qui
              démontre qui a signé, quoi et quand.
            </p>
          </div>
          <div>
            <h3>Ce que contient le dossier de preuve</h3>
            <ul className="checklist">
              <li>
                <strong>Identité</strong>&#8239;: nom et e-mail du signataire, et code reçu par e-mail quand vous l’exigez.
              </li>
              <li>
                <strong>Consentement</strong>&#8239;: conditions acceptées avant de signer, mention « Bon pour accord » tapée par le client,
                signature dessinée ou tapée.
              </li>
              <li>
                <strong>Intégrité</strong>&#8239;: empreinte SHA-256 du devis lu et du document signé, et cachet électronique PAdES sur le
                PDF.
              </li>
              <li>
                <strong>Contexte</strong>&#8239;: horodatage de chaque étape en temps universel (UTC), adresse IP et appareil utilisé.
              </li>
            </ul>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="home-building">
        <h2 id="home-building">Pour les métiers du bâtiment</h2>
        <p>Plombier, électricien, menuisier, couvreur&#8239;: vos devis ont des règles en plus. {siteName} les prévoit.</p>
        <ul className="card-grid">
          <li className="card">
            <h3>«&#8239;Devis reçu avant l’exécution des travaux&#8239;»</h3>
            <p>
              Pour les travaux de dépannage, de réparation et d’entretien, votre client coche cette mention avant de signer (arrêté du 24
              janvier 2017). Elle figure dans le dossier de preuve.
            </p>
          </li>
          <li className="card">
            <h3>Assurance décennale sur le devis</h3>
            <p>
              Le nom de votre assureur et la couverture géographique de votre assurance professionnelle sont imprimés sur chaque devis, à
              partir de votre profil.
            </p>
          </li>
          <li className="card">
            <h3>Chantier, délais et acompte</h3>
            <p>
              Adresse du chantier, date de début et durée des travaux, pourcentage d’acompte et conditions de paiement&#8239;: tout est
              prévu dans le formulaire.
            </p>
          </li>
        </ul>
        <p className="hint">
          Un particulier qui signe à distance dispose d’un délai de rétractation de 14 jours. C’est pourquoi aucun acompte n’est prélevé au
          moment de la signature&#8239;: vous le facturez ensuite, comme d’habitude.
        </p>
      </section>

      <section className="cta-band" aria-labelledby="home-cta">
        <h2 id="home-cta">Votre prochain devis, signé sans imprimante</h2>
        <p>Créez votre compte, remplissez votre profil d’entreprise et envoyez votre premier devis.</p>
        <p className="actions">
          <Link className="button button--primary" to={paths.signup.href()}>
            Créer un compte gratuit
          </Link>
          <Link className="button button--ghost" to={paths.features.href()}>
            Voir toutes les fonctionnalités
          </Link>
        </p>
      </section>
    </article>
  )
}
