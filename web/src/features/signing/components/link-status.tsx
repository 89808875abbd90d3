import type { Ref } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'

/** While the quote loads. */
export function LoadingLink() {
  return (
    <article className="signing-closed signing-pending">
      <h1>Devis à signer</h1>
      <p className="signing-loading" role="status">
        Chargement du devis…
      </p>
    </article>
  )
}

/** A token that matches no link (mistyped, cut by the mail client, or made up). */
export function UnknownLink({ message, headingRef }: { message: string; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <article className="signing-closed">
      <header className="page-intro">
        <h1 ref={headingRef} tabIndex={-1}>
          Lien de signature introuvable
        </h1>
        <div className="notice notice--warning" role="status">
          <p>{message}</p>
        </div>
      </header>
      <section aria-labelledby="signing-unknown-what">
        <h2 id="signing-unknown-what">Que faire&#8239;?</h2>
        <ul>
          <li>
            Ouvrez le lien en cliquant sur le bouton de l’e-mail reçu plutôt qu’en copiant l’adresse&#8239;: certains logiciels de
            messagerie coupent les liens longs.
          </li>
          <li>Si vous avez reçu plusieurs e-mails pour ce devis, utilisez le plus récent.</li>
          <li>
            Sinon, contactez le professionnel qui vous a envoyé le devis (son nom figure dans l’e-mail)&#8239;: lui seul peut vous envoyer
            un nouveau lien.
          </li>
        </ul>
        <p>
          <Link to={paths.signQuote.href()}>Comment se passe la signature d’un devis</Link>
        </p>
      </section>
    </article>
  )
}

/** The quote could not be read (network, server): the message and a way to try again. */
export function UnreachableLink({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <article className="signing-closed signing-pending">
      <h1>Devis à signer</h1>
      <div className="notice notice--error" role="alert">
        <p>{message}</p>
      </div>
      <p className="actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          Réessayer
        </button>
      </p>
    </article>
  )
}
