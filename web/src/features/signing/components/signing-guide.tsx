import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { useRuntimeConfig } from '@/lib/runtime-config'

/** The page without a token: how signing works, and what to do when a link is broken. */
export function SigningGuide() {
  const { siteName } = useRuntimeConfig()
  return (
    <article className="signing">
      <header className="page-intro">
        <h1>Signer un devis</h1>
        <p className="lead">
          Un professionnel vous a envoyé un devis à signer avec {siteName}. La signature se fait depuis le lien personnel reçu par
          e-mail&#8239;: elle est gratuite et ne demande aucun compte.
        </p>
      </header>

      <section className="section" aria-labelledby="signing-steps">
        <h2 id="signing-steps">Comment se passe la signature</h2>
        <ol className="steps steps--compact">
          <li className="steps__item">
            <h3>Ouvrez le lien de l’e-mail</h3>
            <p>
              Cliquez sur le bouton de l’e-mail reçu, sur votre téléphone ou votre ordinateur. Le lien est personnel&#8239;: ne le
              transférez pas.
            </p>
          </li>
          <li className="steps__item">
            <h3>Lisez le devis et ses conditions</h3>
            <p>
              Les lignes, les totaux par taux de TVA, les conditions de paiement et les mentions du professionnel s’affichent à l’écran.
              Vous pouvez aussi télécharger le PDF.
            </p>
          </li>
          <li className="steps__item">
            <h3>Acceptez et tapez «&#8239;Bon pour accord&#8239;»</h3>
            <p>
              Cochez la case d’acceptation du devis et des conditions, puis tapez vous-même la mention «&#8239;Bon pour accord&#8239;». Pour
              des travaux de dépannage ou de réparation, vous cochez aussi «&#8239;Devis reçu avant l’exécution des travaux&#8239;».
            </p>
          </li>
          <li className="steps__item">
            <h3>Signez</h3>
            <p>
              Dessinez votre signature avec le doigt ou la souris, ou tapez votre nom si vous préférez. Si le professionnel l’a demandé,
              vous saisissez aussi un code reçu par e-mail.
            </p>
          </li>
          <li className="steps__item">
            <h3>Recevez votre exemplaire</h3>
            <p>
              Le PDF signé et scellé vous est envoyé par e-mail, ainsi qu’au professionnel. Gardez-le&#8239;: c’est votre exemplaire du
              devis. Vous pouvez en contrôler l’authenticité sur la page <Link to={paths.verification.href()}>Vérifier un devis signé</Link>
              .
            </p>
          </li>
        </ol>
        <p>
          Vous ne souhaitez pas donner suite&#8239;? Depuis le même lien, vous pouvez refuser le devis et indiquer la raison au
          professionnel.
        </p>
      </section>

      <section className="section section--tinted" aria-labelledby="signing-broken">
        <h2 id="signing-broken">Le lien ne fonctionne pas&#8239;?</h2>
        <ul>
          <li>
            Vérifiez que l’adresse a été ouverte en entier&#8239;: certains logiciels de messagerie coupent les liens longs. Cliquez plutôt
            sur le bouton de l’e-mail que de copier l’adresse.
          </li>
          <li>
            Le lien expire avec la durée de validité du devis. Il ne fonctionne plus non plus si le professionnel a annulé le devis ou l’a
            remplacé par une nouvelle version.
          </li>
          <li>
            Dans ces cas, contactez directement le professionnel qui vous a envoyé le devis&#8239;: lui seul peut vous en adresser un
            nouveau. Son nom figure dans l’e-mail reçu.
          </li>
        </ul>
      </section>

      <section className="section" aria-labelledby="signing-data">
        <h2 id="signing-data">Ce qui est enregistré quand vous signez</h2>
        <p>
          Pour prouver votre accord, un dossier de preuve est joint au devis signé&#8239;: votre nom et votre e-mail, la date et l’heure de
          chaque étape, votre adresse IP, votre appareil, la mention tapée et les empreintes du document. Il s’agit d’une signature
          électronique simple au sens du règlement eIDAS. Le détail figure dans la{' '}
          <Link to={paths.privacy.href()}>politique de confidentialité</Link>.
        </p>
      </section>
    </article>
  )
}
