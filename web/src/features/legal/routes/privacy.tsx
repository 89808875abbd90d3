import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import { useRuntimeConfig } from '@/lib/runtime-config'

export const handle: RouteHandle = {
  title: 'Politique de confidentialité',
  description: 'Quelles données nous traitons, pourquoi, combien de temps, avec quels prestataires, et comment exercer vos droits (RGPD).'
}

export function Component() {
  const { siteName, operator } = useRuntimeConfig()
  return (
    <article className="prose">
      <h1>Politique de confidentialité</h1>
      <p className="lead">
        Cette page explique quelles données personnelles {siteName} traite, pour quoi faire, combien de temps elles sont gardées et comment
        exercer vos droits, conformément au règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés.
      </p>

      <section aria-labelledby="privacy-controller">
        <h2 id="privacy-controller">Qui est responsable de vos données</h2>
        <p>
          Le responsable du traitement est <strong>{operator.name}</strong>, {operator.address}, joignable à{' '}
          <a href={`mailto:${operator.email}`}>{operator.email}</a>.
        </p>
        <p>
          Les devis contiennent aussi les données des clients des professionnels qui utilisent le service. Pour ces données et pour le
          dossier de preuve de la signature, le professionnel qui émet le devis est responsable du traitement&#8239;; nous agissons comme
          sous-traitant, pour son compte et selon ses instructions (article 28 du RGPD).
        </p>
      </section>

      <section aria-labelledby="privacy-data">
        <h2 id="privacy-data">Les données que nous traitons</h2>
        <h3>Votre compte</h3>
        <p>
          Votre adresse e-mail et votre mot de passe. Le mot de passe n’est jamais conservé en clair&#8239;: le service d’authentification
          n’en garde qu’une empreinte (hachage), qui ne permet pas de le retrouver. Nous conservons aussi la date de création du compte et
          de dernière connexion.
        </p>
        <h3>Votre profil d’entreprise</h3>
        <p>
          Raison sociale, forme juridique, adresse, SIRET, numéro RCS ou RM, numéro de TVA intracommunautaire, e-mail et téléphone
          professionnels, assureur et couverture géographique, logo, conditions par défaut.
        </p>
        <h3>Les devis et les données de vos clients</h3>
        <p>
          Le contenu de vos devis et, pour chaque client, son nom, sa société, son e-mail, son téléphone, son adresse et l’adresse du
          chantier, ainsi que l’historique du devis (envoi, consultation, relances, signature ou refus et son motif).
        </p>
        <h3>La preuve de signature</h3>
        <p>Quand un client signe ou refuse un devis, nous enregistrons&#8239;:</p>
        <ul>
          <li>son nom et son adresse e-mail&#8239;;</li>
          <li>son adresse IP et l’identification de son appareil et de son navigateur (user agent)&#8239;;</li>
          <li>la date et l’heure de chaque étape, en temps universel (UTC)&#8239;;</li>
          <li>la mention qu’il a tapée («&#8239;Bon pour accord&#8239;») et les cases qu’il a cochées&#8239;;</li>
          <li>l’image de sa signature dessinée, ou le nom qu’il a tapé pour signer&#8239;;</li>
          <li>le résultat du code de vérification envoyé par e-mail, quand il est demandé&#8239;;</li>
          <li>les empreintes SHA-256 du devis lu et du document signé.</li>
        </ul>
        <h3>Les messages de contact</h3>
        <p>
          Votre nom, votre e-mail, votre entreprise et votre téléphone si vous les indiquez, le sujet et le contenu de votre message, et nos
          réponses.
        </p>
        <h3>La facturation de l’abonnement</h3>
        <p>
          Le paiement est traité par Stripe. Nous ne voyons ni ne conservons vos données de carte bancaire. Nous gardons l’identifiant
          client Stripe, l’offre choisie, l’état de l’abonnement et les factures.
        </p>
        <h3>Les journaux techniques</h3>
        <p>
          Pour chaque requête reçue par nos serveurs&#8239;: adresse IP, date et heure, adresse demandée, code de réponse, navigateur et
          identifiant de requête. Ils servent à la sécurité et au diagnostic des pannes.
        </p>
      </section>

      <section aria-labelledby="privacy-purposes">
        <h2 id="privacy-purposes">Pourquoi et sur quelle base légale</h2>
        <ul>
          <li>
            <strong>Exécution du contrat</strong> (article 6.1.b du RGPD)&#8239;: créer et gérer votre compte, rédiger, envoyer et faire
            signer vos devis, envoyer les e-mails du service, gérer votre abonnement.
          </li>
          <li>
            <strong>Obligation légale</strong> (article 6.1.c)&#8239;: établir et conserver les factures d’abonnement, répondre aux demandes
            des autorités.
          </li>
          <li>
            <strong>Intérêt légitime</strong> (article 6.1.f)&#8239;: constituer et conserver le dossier de preuve, pour que le
            professionnel et son client puissent prouver leur accord&#8239;; assurer la sécurité du service grâce aux journaux
            techniques&#8239;; répondre aux messages reçus par e-mail.
          </li>
          <li>
            <strong>Consentement</strong> (article 6.1.a)&#8239;: traiter les messages envoyés avec le formulaire de contact, après que vous
            avez coché la case prévue.
          </li>
        </ul>
        <p>Nous ne vendons pas vos données et ne les utilisons pas pour de la publicité.</p>
      </section>

      <section aria-labelledby="privacy-retention">
        <h2 id="privacy-retention">Combien de temps nous les gardons</h2>
        <ul>
          <li>
            <strong>Compte, profil et devis non signés</strong>&#8239;: tant que votre compte existe&#8239;; ils sont supprimés quand vous
            le fermez, sauf ce qui suit.
          </li>
          <li>
            <strong>Devis signés et dossiers de preuve</strong>&#8239;: 5 ans après la signature, durée de la prescription de droit commun
            (article 2224 du Code civil).
          </li>
          <li>
            <strong>Factures d’abonnement</strong>&#8239;: 10 ans (article L123-22 du Code de commerce).
          </li>
          <li>
            <strong>Messages de contact</strong>&#8239;: 3 ans après notre dernier échange.
          </li>
          <li>
            <strong>Journaux techniques</strong>&#8239;: 12 mois.
          </li>
        </ul>
        <p className="notice">
          En tant que professionnel, vous pouvez être tenu de conserver vos documents commerciaux pendant 10 ans (article L123-22 du Code de
          commerce), plus longtemps que nous ne gardons les devis signés. Téléchargez vos PDF signés&#8239;: ils contiennent la page de
          preuve et restent vérifiables sans nous.
        </p>
      </section>

      <section aria-labelledby="privacy-recipients">
        <h2 id="privacy-recipients">Qui y a accès</h2>
        <p>
          Les données d’un devis sont visibles par le professionnel qui l’a émis et par le client à qui il est adressé, au moyen de son lien
          personnel. Nous faisons appel aux prestataires suivants, qui n’agissent que sur nos instructions&#8239;:
        </p>
        <ul>
          <li>
            <strong>Hébergement</strong>&#8239;: {operator.hostName}, {operator.hostAddress}.
          </li>
          <li>
            <strong>Envoi des e-mails</strong>&#8239;: le service d’envoi (SMTP) qui achemine les e-mails de signature, de relance et de
            copie signée.
          </li>
          <li>
            <strong>Paiement</strong>&#8239;: Stripe, pour les abonnements. Stripe peut traiter certaines données hors de l’Union
            européenne, dans le cadre des garanties prévues par le RGPD (notamment les clauses contractuelles types de la Commission
            européenne)&#8239;; voir sa{' '}
            <a href="https://stripe.com/fr/privacy" hrefLang="fr">
              politique de confidentialité
            </a>
            .
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">Vos droits</h2>
        <p>Vous disposez sur vos données des droits suivants&#8239;:</p>
        <ul>
          <li>droit d’accès, pour savoir quelles données nous avons et en obtenir une copie&#8239;;</li>
          <li>droit de rectification des données inexactes&#8239;;</li>
          <li>droit à l’effacement&#8239;;</li>
          <li>droit à la limitation du traitement&#8239;;</li>
          <li>droit d’opposition aux traitements fondés sur l’intérêt légitime&#8239;;</li>
          <li>droit à la portabilité, pour recevoir vos données dans un format lisible par une machine&#8239;;</li>
          <li>
            droit de retirer votre consentement à tout moment, et de définir des directives sur le sort de vos données après votre décès.
          </li>
        </ul>
        <p>
          Pour les exercer, écrivez à <a href={`mailto:${operator.email}`}>{operator.email}</a>. Nous répondons dans un délai d’un mois.
          Nous pouvons vous demander de justifier de votre identité en cas de doute.
        </p>
        <p>
          Si vous avez signé ou refusé un devis, adressez-vous d’abord au professionnel qui vous l’a envoyé&#8239;: il est responsable de
          ces données. Vous pouvez aussi nous écrire, nous lui transmettrons votre demande. L’effacement d’un dossier de preuve peut être
          refusé tant qu’il est nécessaire pour prouver la signature en justice (article 17.3.e du RGPD).
        </p>
        <p>
          Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la Commission nationale de
          l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou sur{' '}
          <a href="https://www.cnil.fr">www.cnil.fr</a>.
        </p>
      </section>

      <section aria-labelledby="privacy-cookies">
        <h2 id="privacy-cookies">Cookies et stockage dans le navigateur</h2>
        <p>
          {siteName} n’utilise aucun cookie publicitaire, de suivi ou de mesure d’audience. Le site garde seulement dans votre navigateur ce
          qui est strictement nécessaire à son fonctionnement&#8239;: votre session de connexion à votre espace, et une marque technique qui
          évite de recharger une page en boucle après une mise à jour du site. Ces éléments sont dispensés de consentement (article 82 de la
          loi Informatique et Libertés)&#8239;: c’est pourquoi aucun bandeau ne vous est présenté.
        </p>
      </section>

      <section aria-labelledby="privacy-security">
        <h2 id="privacy-security">Sécurité</h2>
        <p>
          Les échanges sont chiffrés (HTTPS). Les liens de signature sont longs, aléatoires, conservés uniquement sous forme d’empreinte et
          expirent avec le devis. Une fois enregistrés, les événements du dossier de preuve ne peuvent plus être modifiés.
        </p>
        <p>
          Voir aussi les <Link to={paths.legalNotice.href()}>mentions légales</Link>.
        </p>
      </section>
    </article>
  )
}
