import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import { useRuntimeConfig } from '@/lib/runtime-config'

export const handle: RouteHandle = {
  title: 'Conditions générales d’utilisation',
  description:
    'Règles du service pour les professionnels. Compte, signature électronique et preuve, offres et prix, données, responsabilités, droit applicable.'
}

export function Component() {
  const { siteName, operator } = useRuntimeConfig()
  return (
    <article className="prose">
      <h1>Conditions générales d’utilisation</h1>
      <p className="lead">
        Ces conditions régissent l’utilisation de {siteName}, service en ligne édité par {operator.name} qui permet aux professionnels de
        rédiger leurs devis, de les envoyer à leurs clients et de les faire signer en ligne. En créant un compte, vous les acceptez.
      </p>

      <section aria-labelledby="terms-object">
        <h2 id="terms-object">1. Objet du service</h2>
        <p>{siteName} permet de&#8239;:</p>
        <ul>
          <li>renseigner le profil de votre entreprise et rédiger des devis, avec leurs totaux HT, TVA et TTC&#8239;;</li>
          <li>produire le PDF du devis et l’envoyer à votre client par e-mail, avec un lien personnel de signature&#8239;;</li>
          <li>suivre l’état de chaque devis (envoyé, consulté, signé, refusé, expiré ou annulé) et relancer vos clients&#8239;;</li>
          <li>
            recueillir la signature électronique de votre client et lui remettre, ainsi qu’à vous, le PDF signé accompagné de son dossier de
            preuve.
          </li>
        </ul>
      </section>

      <section aria-labelledby="terms-users">
        <h2 id="terms-users">2. Qui peut utiliser le service</h2>
        <p>
          Le service est destiné aux professionnels&#8239;: artisans, indépendants, entreprises et associations qui établissent des devis
          dans le cadre de leur activité. En créant un compte, vous déclarez agir à titre professionnel et avoir le pouvoir d’engager
          l’entreprise que vous déclarez dans votre profil.
        </p>
        <p>
          Vos clients, qu’ils soient particuliers ou professionnels, n’ont pas besoin de compte&#8239;: ils consultent, signent ou refusent
          le devis depuis le lien reçu par e-mail. Le contrat qui résulte de la signature les lie à vous, et non à {operator.name}.
        </p>
      </section>

      <section aria-labelledby="terms-account">
        <h2 id="terms-account">3. Compte et sécurité</h2>
        <ul>
          <li>
            Le compte est créé avec une adresse e-mail et un mot de passe d’au moins 12&nbsp;caractères. Il n’est actif qu’après la
            confirmation de l’adresse, au moyen du lien que nous y envoyons.
          </li>
          <li>Vous vous engagez à fournir des informations exactes, notamment dans votre profil d’entreprise, et à les tenir à jour.</li>
          <li>
            Vous êtes responsable de la confidentialité de votre mot de passe et de ce qui est fait depuis votre compte. Choisissez un mot
            de passe que vous n’utilisez nulle part ailleurs et prévenez-nous sans délai à{' '}
            <a href={`mailto:${operator.email}`}>{operator.email}</a> si vous pensez qu’un tiers y a accès.
          </li>
        </ul>
      </section>

      <section aria-labelledby="terms-scope">
        <h2 id="terms-scope">4. Ce que fait le service, et ce qu’il ne fait pas</h2>
        <p>
          Vous restez seul responsable du contenu de vos devis&#8239;: descriptions, quantités, prix, taux de TVA, conditions de paiement et
          d’exécution, garanties, ainsi que les mentions obligatoires propres à votre activité (numéro SIRET, immatriculation, assurance
          professionnelle, etc.). Le service calcule les totaux à partir de ce que vous saisissez et imprime les mentions que vous avez
          renseignées, mais il ne vérifie pas qu’un devis est complet ou conforme à la réglementation de votre métier.
        </p>
        <p>
          Les explications données sur le site et dans le service sont une aide pratique. Elles ne constituent pas un conseil juridique,
          fiscal ou comptable&#8239;; en cas de doute, adressez-vous à un professionnel du droit ou à votre expert-comptable.
        </p>
        <p>{siteName} n’est pas un logiciel de facturation ni de comptabilité et n’encaisse aucune somme pour votre compte.</p>
      </section>

      <section aria-labelledby="terms-signature">
        <h2 id="terms-signature">5. La signature électronique</h2>
        <h3>Le procédé</h3>
        <p>
          Le service met en œuvre une <strong>signature électronique simple</strong> au sens de l’article&nbsp;3 du règlement (UE)
          n°&nbsp;910/2014 (eIDAS) et des articles 1366 et 1367 du Code civil. Pour signer, votre client indique son nom, coche la case par
          laquelle il accepte le devis et ses conditions, tape la mention «&#8239;Bon pour accord&#8239;», puis dessine ou tape sa
          signature. Selon votre offre, vous pouvez en plus exiger un code envoyé à son adresse e-mail. Le service refuse la signature si le
          devis a changé depuis que le client l’a lu.
        </p>
        <h3>Le dossier de preuve</h3>
        <p>À chaque étape, le service enregistre, sans possibilité de modification ultérieure&#8239;:</p>
        <ul>
          <li>la date et l’heure de chaque événement (envoi, consultation, signature ou refus), en temps universel (UTC)&#8239;;</li>
          <li>l’adresse IP du signataire et l’identification de son appareil et de son navigateur&#8239;;</li>
          <li>son nom, son adresse e-mail, la mention tapée et, le cas échéant, le résultat du code de vérification&#8239;;</li>
          <li>les empreintes SHA-256 du document lu par le client et du document signé.</li>
        </ul>
        <p>
          Le PDF signé reprend le devis, le bloc de signature et une page de preuve récapitulant ces éléments. Il est scellé par un cachet
          électronique au format PAdES, qui permet de vérifier qu’il n’a pas été modifié depuis sa production.
        </p>
        <h3>Sa valeur et ses limites</h3>
        <p>
          Une signature électronique ne peut pas être privée d’effet juridique ni écartée comme preuve au seul motif qu’elle est
          électronique ou qu’elle n’est pas qualifiée (article&nbsp;25 du règlement eIDAS). En revanche, la signature proposée n’est{' '}
          <strong>pas une signature qualifiée</strong>&#8239;: elle ne bénéficie pas de la présomption de fiabilité prévue par
          l’article&nbsp;1367 du Code civil. En cas de contestation, c’est à celui qui s’en prévaut d’en établir la fiabilité, et le juge
          apprécie librement les éléments du dossier de preuve. Le service ne vérifie pas l’identité du signataire au moyen d’une pièce
          d’identité.
        </p>
        <p>
          Il vous appartient de juger si ce niveau de signature convient à l’opération envisagée. Certains actes exigent une forme
          particulière que le service ne fournit pas.
        </p>
      </section>

      <section aria-labelledby="terms-consumers">
        <h2 id="terms-consumers">6. Vos obligations envers vos clients particuliers</h2>
        <p>Lorsque votre client est un consommateur, vous devez respecter le Code de la consommation, et notamment&#8239;:</p>
        <ul>
          <li>
            l’informer avant la signature de son droit de rétractation et lui en remettre le formulaire&#8239;: pour un contrat conclu à
            distance ou hors établissement, il dispose de 14&nbsp;jours pour se rétracter (article L221-18)&#8239;;
          </li>
          <li>
            pour un contrat conclu hors établissement, ne recevoir aucun paiement ni contrepartie avant l’expiration d’un délai de
            7&nbsp;jours à compter de sa conclusion (article L221-10).
          </li>
        </ul>
        <p>
          Le service n’encaisse aucun acompte au moment de la signature. L’acompte que vous indiquez sur le devis est une condition de
          paiement que vous réclamez ensuite vous-même, dans le respect de ces délais.
        </p>
      </section>

      <section aria-labelledby="terms-prices">
        <h2 id="terms-prices">7. Offres, prix et paiement</h2>
        <p>
          Les offres et leurs prix sont présentés sur la page <Link to={paths.pricing.href()}>Tarifs</Link>. Les prix sont indiqués hors
          taxes (HT)&#8239;; la TVA au taux en vigueur s’y ajoute.
        </p>
        <ul>
          <li>L’offre gratuite permet d’envoyer 3&nbsp;devis par mois.</li>
          <li>Les offres payantes sont souscrites au mois ou à l’année et se renouvellent automatiquement pour la même durée.</li>
          <li>
            Vous pouvez résilier à tout moment depuis votre espace&#8239;: la résiliation prend effet à la fin de la période déjà payée,
            jusqu’à laquelle l’offre reste active. La période entamée n’est pas remboursée.
          </li>
          <li>
            Le paiement se fait par carte bancaire, par l’intermédiaire de Stripe. Nous ne voyons ni ne conservons vos données de carte.
          </li>
          <li>
            Une modification de prix vous est annoncée par e-mail au moins 30&nbsp;jours à l’avance et ne s’applique qu’au renouvellement
            suivant&#8239;; vous pouvez résilier avant.
          </li>
        </ul>
      </section>

      <section aria-labelledby="terms-availability">
        <h2 id="terms-availability">8. Disponibilité</h2>
        <p>
          Nous faisons nos meilleurs efforts pour que le service soit accessible en permanence, sans pouvoir le garantir. Il peut être
          interrompu pour maintenance, si possible annoncée à l’avance, ou en raison d’une panne ou d’un événement indépendant de notre
          volonté. Les e-mails qui ne peuvent pas partir sont conservés et renvoyés automatiquement.
        </p>
      </section>

      <section aria-labelledby="terms-data">
        <h2 id="terms-data">9. Données personnelles</h2>
        <p>
          Le traitement des données de votre compte, dont {operator.name} est responsable, est décrit dans la{' '}
          <Link to={paths.privacy.href()}>politique de confidentialité</Link>.
        </p>
        <p>
          Pour les données de vos clients (contenu des devis, coordonnées, dossiers de preuve),{' '}
          <strong>vous êtes responsable du traitement</strong> et {operator.name} agit comme <strong>sous-traitant</strong>. Les engagements
          suivants constituent l’accord de traitement des données prévu par l’article&nbsp;28 du RGPD et font partie de ces
          conditions&#8239;:
        </p>
        <ul>
          <li>
            nous ne traitons ces données que pour fournir le service, selon vos instructions, dont ces conditions et votre utilisation du
            service sont l’expression&#8239;;
          </li>
          <li>les personnes qui y ont accès sont tenues à la confidentialité&#8239;;</li>
          <li>
            nous mettons en œuvre des mesures de sécurité adaptées&#8239;: chiffrement des échanges, liens de signature aléatoires conservés
            sous forme d’empreinte, événements de preuve non modifiables&#8239;;
          </li>
          <li>
            nous faisons appel à l’hébergeur et au service d’envoi d’e-mails cités dans la politique de confidentialité, et vous informons
            de tout changement de ces prestataires, auquel vous pouvez vous opposer&#8239;;
          </li>
          <li>
            nous vous aidons à répondre aux demandes des personnes concernées et vous transmettons celles qui nous parviennent&#8239;;
          </li>
          <li>nous vous notifions toute violation de ces données dans les meilleurs délais après en avoir eu connaissance&#8239;;</li>
          <li>nous mettons à votre disposition les informations nécessaires pour démontrer le respect de ces obligations&#8239;;</li>
          <li>à la fin du service, nous supprimons ces données après vous avoir permis de les récupérer, selon l’article suivant.</li>
        </ul>
        <p>De votre côté, vous informez vos clients du traitement de leurs données, notamment de la constitution du dossier de preuve.</p>
      </section>

      <section aria-labelledby="terms-retention">
        <h2 id="terms-retention">10. Conservation des devis signés et des preuves</h2>
        <p>
          Les devis signés et leurs dossiers de preuve sont conservés 5&nbsp;ans après la signature. Si vous fermez votre compte avant, ils
          sont supprimés avec lui, après que nous vous avons proposé de les exporter.
        </p>
        <p className="notice">
          Vos obligations de conservation peuvent être plus longues (10&nbsp;ans pour les documents commerciaux, article L123-22 du Code de
          commerce). Téléchargez vos PDF signés&#8239;: ils contiennent la page de preuve et leur cachet reste vérifiable sans le service.
        </p>
      </section>

      <section aria-labelledby="terms-use">
        <h2 id="terms-use">11. Utilisation loyale</h2>
        <p>Vous vous interdisez notamment&#8239;:</p>
        <ul>
          <li>d’envoyer des devis fictifs, trompeurs ou frauduleux, ou des messages non sollicités&#8239;;</li>
          <li>de signer à la place de votre client ou de lui faire signer un devis sans son accord éclairé&#8239;;</li>
          <li>d’usurper l’identité d’une autre entreprise&#8239;;</li>
          <li>de porter atteinte à la sécurité ou au fonctionnement du service.</li>
        </ul>
      </section>

      <section aria-labelledby="terms-liability">
        <h2 id="terms-liability">12. Responsabilité</h2>
        <p>
          {operator.name} est tenu d’une obligation de moyens. Il n’est pas responsable du contenu de vos devis, de l’exécution des contrats
          conclus avec vos clients, ni des dommages résultant d’une utilisation du service contraire à ces conditions ou d’une interruption
          due à un événement indépendant de sa volonté.
        </p>
        <p>
          Sa responsabilité est limitée aux dommages directs et prévisibles, et, pour l’ensemble des faits survenus au cours d’une même
          année, au plus élevé de ces deux montants&nbsp;: ce que vous avez payé pour le service pendant les 12&nbsp;mois précédant le fait
          dommageable, ou 500&nbsp;€. Ces limites ne s’appliquent pas en cas de faute lourde ou dolosive, ni aux dommages corporels, ni
          lorsque la loi interdit de les prévoir&nbsp;; elles ne privent jamais de sa substance l’obligation essentielle du service (article
          1170 du Code civil).
        </p>
      </section>

      <section aria-labelledby="terms-termination">
        <h2 id="terms-termination">13. Suspension et fermeture du compte</h2>
        <p>
          Vous pouvez demander la fermeture de votre compte à tout moment en écrivant à{' '}
          <a href={`mailto:${operator.email}`}>{operator.email}</a>. Un abonnement en cours reste actif jusqu’à la fin de la période payée.
        </p>
        <p>
          Nous pouvons suspendre un compte en cas de manquement grave à ces conditions, de fraude, de risque pour la sécurité du service ou
          de défaut de paiement. Sauf urgence, nous vous prévenons par e-mail et vous laissons un délai raisonnable pour régulariser. Si le
          compte est fermé, vous pouvez récupérer vos devis signés avant leur suppression, comme indiqué à l’article&nbsp;10.
        </p>
      </section>

      <section aria-labelledby="terms-changes">
        <h2 id="terms-changes">14. Modification des conditions</h2>
        <p>
          Nous pouvons faire évoluer ces conditions. Toute modification vous est annoncée par e-mail au moins 30&nbsp;jours avant son entrée
          en vigueur. Si vous ne l’acceptez pas, vous pouvez fermer votre compte avant cette date&#8239;; en continuant à utiliser le
          service ensuite, vous l’acceptez.
        </p>
      </section>

      <section aria-labelledby="terms-law">
        <h2 id="terms-law">15. Droit applicable et litiges</h2>
        <p>
          Ces conditions sont soumises au droit français. En cas de différend, écrivez-nous d’abord pour chercher une solution amiable. À
          défaut, et dans la mesure où la loi le permet (article&nbsp;48 du Code de procédure civile), les tribunaux du ressort du siège de{' '}
          {operator.name} sont compétents&#8239;; sinon, les règles de compétence de droit commun s’appliquent.
        </p>
        <p>
          Les utilisateurs du service étant des professionnels, la médiation de la consommation ne s’applique pas aux litiges qui les
          opposent à {operator.name}.
        </p>
      </section>

      <section aria-labelledby="terms-contact">
        <h2 id="terms-contact">16. Éditeur et contact</h2>
        <p>
          Le service est édité par <strong>{operator.name}</strong> ({operator.legalForm}), siège&#8239;: {operator.address},
          immatriculation&#8239;: {operator.registration}. Pour toute question sur ces conditions, écrivez à{' '}
          <a href={`mailto:${operator.email}`}>{operator.email}</a>.
        </p>
        <p>
          Voir aussi les <Link to={paths.legalNotice.href()}>mentions légales</Link>.
        </p>
      </section>
    </article>
  )
}
