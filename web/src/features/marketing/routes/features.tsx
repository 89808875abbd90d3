import { Link } from 'react-router-dom'
import { PLANS, planAllows, type PlanFeature } from '@paraphe/shared/plans'
import { AUTOMATIC_REMINDER_DAYS, REMINDER_GAP_HOURS } from '@paraphe/shared/reminders'
import { VAT_RATES_BP, formatVatRate } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import { useRuntimeConfig } from '@/lib/runtime-config'

export const handle: RouteHandle = {
  title: 'Fonctionnalités',
  description:
    'Devis conformes, signature en ligne, dossier de preuve et PDF scellé ; factures Factur-X (acompte, situations, solde, avoirs), page de paiement, relances et export FEC.'
}

const STATUSES = [
  {
    id: 'brouillon',
    label: 'Brouillon',
    text: 'Le devis est en cours de rédaction. Vous pouvez le modifier librement\u202f; il n’a pas encore de numéro.'
  },
  {
    id: 'envoye',
    label: 'Envoyé',
    text: 'Le lien de signature est parti par e-mail. Le devis reçoit son numéro et ne peut plus être modifié.'
  },
  {
    id: 'consulte',
    label: 'Consulté',
    text: 'Votre client a ouvert le lien et affiché le devis.'
  },
  {
    id: 'signe',
    label: 'Signé',
    text: 'Votre client a signé\u202f: le PDF signé et scellé vous est envoyé à tous les deux.'
  },
  {
    id: 'refuse',
    label: 'Refusé',
    text: 'Votre client a décliné le devis\u202f; vous êtes prévenu et vous lisez son motif.'
  },
  {
    id: 'expire',
    label: 'Expiré',
    text: 'La durée de validité est dépassée sans signature\u202f; le lien ne permet plus de signer.'
  },
  {
    id: 'annule',
    label: 'Annulé',
    text: 'Vous avez annulé le devis, ou l’avez remplacé par une nouvelle version\u202f; son lien l’indique au client.'
  }
] as const

/** Names of the plans that include an option, as French text (« Pro et Entreprise »). */
function plansWith(feature: PlanFeature): string {
  const names = PLANS.filter((plan) => planAllows(plan, feature)).map((plan) => plan.name)
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} et ${names[names.length - 1] ?? ''}`
}

function vatRatesText(): string {
  const rates = [...VAT_RATES_BP].sort((a, b) => b - a).map((rate) => formatVatRate(rate))
  return `${rates.slice(0, -1).join(', ')} et ${rates[rates.length - 1] ?? ''}`
}

export function Component() {
  const { siteName } = useRuntimeConfig()
  return (
    <article className="features">
      <header className="page-intro">
        <h1>Fonctionnalités</h1>
        <p className="lead">
          Tout ce qu’il faut pour passer d’un devis rédigé à un devis signé, puis à ses factures, sans imprimer ni scanner&#8239;: un
          document conforme, une signature simple pour votre client, une preuve solide pour vous et des factures au format Factur-X.
        </p>
      </header>

      <section className="section" aria-labelledby="features-quotes">
        <h2 id="features-quotes">Des devis conformes au droit français</h2>
        <div className="columns">
          <div>
            <p>
              Vous remplissez votre profil d’entreprise une fois&#8239;; chaque devis reprend ensuite les mentions obligatoires et les
              imprime sur le PDF.
            </p>
            <ul className="checklist">
              <li>Le mot « Devis », un numéro unique (DEV-année-numéro, sans trou) et la date</li>
              <li>Raison sociale, forme juridique, adresse, SIRET, numéro RCS ou RM, numéro de TVA intracommunautaire</li>
              <li>Nom et adresse du client, adresse du chantier si elle est différente</li>
              <li>Lignes détaillées&#8239;: quantité, unité, prix unitaire HT, remise éventuelle</li>
              <li>Totaux HT, TVA pour chaque taux et total TTC</li>
              <li>Date de début et durée estimée des travaux, conditions de paiement</li>
              <li>Assureur et couverture géographique de votre assurance professionnelle</li>
            </ul>
          </div>
          <div>
            <h3>La TVA calculée taux par taux</h3>
            <p>
              Chaque ligne porte son taux&#8239;: {vatRatesText()}. La TVA est calculée sur le total HT de chaque taux, arrondie au centime,
              et chaque taux utilisé apparaît sur le devis. Le même calcul sert à l’aperçu et au PDF.
            </p>
            <h3>Franchise en base de TVA</h3>
            <p>
              Micro-entrepreneur ou auto-entrepreneur sous le seuil&#8239;? Activez la franchise en base dans votre profil&#8239;: aucune
              TVA n’est facturée et le devis porte la mention «&#8239;TVA non applicable, article 293 B du CGI&#8239;».
            </p>
            <h3>Acompte, validité et conditions</h3>
            <p>
              Indiquez le pourcentage d’acompte, les conditions de paiement et la durée de validité (30 jours par défaut, modifiable). Passé
              ce délai, le devis expire et le lien de signature ne fonctionne plus.
            </p>
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="features-signing">
        <h2 id="features-signing">La signature en ligne, côté client</h2>
        <ul className="card-grid">
          <li className="card">
            <h3>Sans compte, sur téléphone</h3>
            <p>
              Votre client ouvre le lien reçu par e-mail, lit le devis et télécharge le PDF s’il le souhaite. La page est conçue pour un
              écran de téléphone, au doigt comme à la souris.
            </p>
          </li>
          <li className="card">
            <h3>Signature dessinée ou tapée</h3>
            <p>
              Il signe du doigt ou à la souris, ou tape son nom s’il préfère&#8239;: cette alternative est aussi utilisable au clavier et
              avec un lecteur d’écran. Une signature vide est refusée.
            </p>
          </li>
          <li className="card">
            <h3>«&#8239;Bon pour accord&#8239;»</h3>
            <p>
              Avant de signer, votre client coche l’acceptation du devis et des conditions, puis tape lui-même la mention «&#8239;Bon pour
              accord&#8239;». Elle est enregistrée dans le dossier de preuve.
            </p>
          </li>
          <li className="card">
            <h3>Code de vérification par e-mail</h3>
            <p>
              Pour un devis important, exigez un code envoyé à l’adresse du client&#8239;: il confirme que c’est bien lui qui signe. Option
              incluse dans les offres {plansWith('signerEmailCode')}.
            </p>
          </li>
          <li className="card">
            <h3>Refus motivé</h3>
            <p>
              Votre client peut aussi décliner le devis en indiquant pourquoi (500 caractères au plus). Vous êtes prévenu par e-mail et le
              devis passe au statut «&#8239;Refusé&#8239;».
            </p>
          </li>
          <li className="card">
            <h3>Relances automatiques</h3>
            <p>
              Tant que le devis n’est ni signé ni refusé, votre client reçoit un rappel par e-mail {AUTOMATIC_REMINDER_DAYS.join(' et ')}
              &#8239;jours après l’envoi. Vous pouvez aussi relancer à la main («&#8239;Relancer&#8239;», au plus une fois toutes les{' '}
              {REMINDER_GAP_HOURS}&#8239;heures). Relances automatiques incluses dans les offres {plansWith('automaticReminders')}.
            </p>
          </li>
        </ul>
      </section>

      <section className="section" aria-labelledby="features-proof">
        <h2 id="features-proof">Le dossier de preuve et le PDF scellé</h2>
        <div className="columns">
          <div>
            <p>
              Au moment de la signature, {siteName} enregistre un événement qui ne peut plus être modifié ni effacé&#8239;: heure du serveur
              en UTC, adresse IP, appareil et navigateur, nom et e-mail du signataire, méthode de signature, mention tapée, résultat du code
              par e-mail et empreintes SHA-256 des documents.
            </p>
            <p>Votre client confirme aussi la version qu’il a lue&#8239;: si le devis a changé entre-temps, la signature est refusée.</p>
          </div>
          <div>
            <p>
              Le PDF signé contient le devis, le bloc de signature et une page de preuve qui liste chaque étape avec son heure et son fuseau
              horaire. Il est scellé par un cachet électronique au format PAdES&#8239;: la moindre modification du fichier se voit.
            </p>
            <p>
              N’importe qui peut vérifier un PDF signé sur la page de vérification du site. Si le cachet utilise un certificat propre à
              cette instance, certains lecteurs comme Adobe Acrobat affichent «&#8239;signataire inconnu&#8239;»&#8239;: cela ne veut pas
              dire que le document a été modifié, la page de preuve l’explique.
            </p>
          </div>
        </div>
        <p className="notice">
          C’est une signature électronique <strong>simple</strong> au sens du règlement eIDAS, pas une signature qualifiée. Elle convient
          aux devis entre un professionnel et son client&#8239;; sa valeur repose sur le dossier de preuve.
        </p>
      </section>

      <section className="section section--tinted" aria-labelledby="features-statuses">
        <h2 id="features-statuses">Suivre chaque devis</h2>
        <p>Dans votre espace, chaque devis affiche son statut et l’historique de ce qui s’est passé.</p>
        <ul className="status-list">
          {STATUSES.map((status) => (
            <li key={status.id}>
              <span className={`badge badge--${status.id}`}>{status.label}</span>
              <span>{status.text}</span>
            </li>
          ))}
        </ul>
        <p>
          Un devis envoyé est figé&#8239;: le bouton «&#8239;Modifier&#8239;» crée une copie en brouillon et annule l’ancienne version, pour
          que votre client ne signe jamais autre chose que ce qu’il a lu.
        </p>
      </section>

      <section className="section" aria-labelledby="features-invoices">
        <h2 id="features-invoices">Les factures du devis signé</h2>
        <div className="columns">
          <div>
            <h3>Acompte, situations, solde et avoirs</h3>
            <p>
              Depuis un devis signé, facturez l’acompte prévu, l’avancement du chantier par situations (un pourcentage cumulé, ligne par
              ligne ou pour tout le devis), puis le solde. Une facture sans devis reste possible. Une erreur se corrige par un avoir, total
              ou partiel.
            </p>
            <ul className="checklist">
              <li>Retenue de garantie (5&#8239;% au plus) et autoliquidation de la sous-traitance du bâtiment</li>
              <li>Numéro unique sans trou (FA-année-numéro), mentions obligatoires, pénalités de retard et indemnité de recouvrement</li>
              <li>Une facture émise ne se modifie plus&#8239;: une empreinte SHA-256 chaîne chaque facture à la précédente</li>
            </ul>
          </div>
          <div>
            <h3>Factur-X</h3>
            <p>
              Chaque facture est un PDF/A-3 contenant son fichier XML Factur-X au profil EN&#8239;16931, vérifié contre les règles
              officielles&#8239;: le format de la facturation électronique entre entreprises.
            </p>
            <h3>La page de paiement</h3>
            <p>
              «&#8239;Envoyer la facture&#8239;» adresse le PDF à votre client avec un lien vers sa page&#8239;: le reste à payer, votre
              IBAN et un QR code de virement. Vous enregistrez les paiements reçus, et des relances partent après l’échéance, aux délais que
              vous choisissez.
            </p>
            <h3>L’export comptable</h3>
            <p>Pour une période&#8239;: les factures en CSV, le journal des ventes au format FEC et les fichiers Factur-X.</p>
          </div>
        </div>
      </section>

      <section className="cta-band" aria-labelledby="features-cta">
        <h2 id="features-cta">Essayez sur votre prochain devis</h2>
        <p className="actions">
          <Link className="button button--primary" to={paths.signup.href()}>
            Créer un compte gratuit
          </Link>
          <Link className="button button--ghost" to={paths.pricing.href()}>
            Comparer les offres
          </Link>
        </p>
      </section>
    </article>
  )
}
