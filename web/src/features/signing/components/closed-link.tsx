import type { ReactNode, Ref } from 'react'
import { Link } from 'react-router-dom'
import { formatDateTime } from '@paraphe/shared/dates'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'
import { signingApi, type ClosedView } from '../api/signing-api'
import { CompanyContact } from './company-contact'
import { QuoteSummary } from './quote-summary'

export interface ClosedLinkProps {
  view: ClosedView
  token: string
  /** The client has just signed or declined on this page (a thank-you, not only the facts). */
  justDone: boolean
  headingRef?: Ref<HTMLHeadingElement>
}

function ClosedPage({
  title,
  tone,
  headingRef,
  notice,
  children,
  view
}: {
  title: string
  tone: 'success' | 'warning' | 'info'
  headingRef?: Ref<HTMLHeadingElement>
  notice: ReactNode
  children?: ReactNode
  view: ClosedView
}) {
  return (
    <article className="signing-closed">
      <header className="page-intro">
        <h1 ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        <div className={tone === 'info' ? 'notice' : `notice notice--${tone}`} role="status">
          {notice}
        </div>
      </header>
      <QuoteSummary quote={view.quote} companyName={view.company.companyName} />
      {children}
      <CompanyContact company={view.company} />
    </article>
  )
}

function SignedLink({ view, token, justDone, headingRef }: ClosedLinkProps) {
  const signature = view.signature
  return (
    <ClosedPage
      title="Devis signé"
      tone="success"
      headingRef={headingRef}
      view={view}
      notice={
        <>
          {justDone ? <p>Merci&#8239;! Votre signature est enregistrée.</p> : null}
          <p>
            Ce devis a été signé
            {signature === null ? '' : ` le ${formatDateTime(signature.signedAt)} par ${signature.signerName}`}.
          </p>
        </>
      }
    >
      {view.quote.depositBp > 0 ? (
        <section className="signing-closed__deposit" aria-labelledby="signing-deposit">
          <h2 id="signing-deposit">Acompte à régler</h2>
          <p>
            Ce devis prévoit un acompte de {formatVatRate(view.quote.depositBp)}&#8239;:{' '}
            <strong>{formatEuros(view.quote.totals.depositCents)} TTC</strong>.
          </p>
          <p>
            {view.company.companyName} vous enverra la facture d’acompte par e-mail&#8239;: dès sa réception, vous pourrez la régler depuis
            son lien, par virement (coordonnées à copier, QR code) ou par carte bancaire si {view.company.companyName} le propose.
          </p>
        </section>
      ) : null}
      <section className="signing-closed__document" aria-labelledby="signing-signed-pdf">
        <h2 id="signing-signed-pdf">Votre exemplaire signé</h2>
        {view.signedDocument ? (
          <>
            <p>
              Le PDF signé contient le devis, la signature et le dossier de preuve. Il est scellé&#8239;: toute modification, même minime,
              se voit. Il a aussi été envoyé par e-mail au client et à {view.company.companyName}.
            </p>
            <p>
              <a className="button button--primary" href={signingApi.pdfHref(token)} download>
                Télécharger le devis signé (PDF)
              </a>
            </p>
          </>
        ) : (
          <p>
            Le PDF signé est en cours de préparation&#8239;: il vous sera envoyé par e-mail, et vous pourrez aussi le télécharger depuis ce
            lien dans quelques minutes.
          </p>
        )}
        <p>
          Pour contrôler un PDF signé, déposez-le sur la page <Link to={paths.verification.href()}>Vérifier un devis signé</Link>.
        </p>
      </section>
    </ClosedPage>
  )
}

/** The page of a link that can no longer be signed, one per state, with its date and whom to contact. */
export function ClosedLink(props: ClosedLinkProps) {
  const { view, justDone, headingRef } = props
  const company = view.company.companyName
  switch (view.state) {
    case 'signed':
      return <SignedLink {...props} />
    case 'declined':
      return (
        <ClosedPage
          title="Devis refusé"
          tone="info"
          headingRef={headingRef}
          view={view}
          notice={
            <>
              {justDone ? <p>Votre refus a bien été transmis à {company}.</p> : null}
              <p>
                Ce devis a été refusé{view.declinedAt === null ? '' : ` le ${formatDateTime(view.declinedAt)}`}. Il ne peut plus être
                signé&#8239;; si vous changez d’avis, demandez un nouveau devis à {company}.
              </p>
            </>
          }
        />
      )
    case 'expired':
      return (
        <ClosedPage
          title="Devis expiré"
          tone="warning"
          headingRef={headingRef}
          view={view}
          notice={
            <p>
              La durée de validité de ce devis est dépassée&#8239;: son lien de signature a expiré le {formatDateTime(view.linkExpiresAt)}.
              Il ne peut plus être signé. Pour obtenir un devis à jour, contactez {company}.
            </p>
          }
        />
      )
    case 'cancelled':
      return (
        <ClosedPage
          title="Devis annulé"
          tone="warning"
          headingRef={headingRef}
          view={view}
          notice={
            view.quote.replacedBy === null ? (
              <p>{company} a annulé ce devis&#8239;: il ne peut plus être signé.</p>
            ) : (
              <p>
                {company} a remplacé ce devis par une nouvelle version, qui vous a été envoyée par e-mail&#8239;: signez-la depuis le lien
                du dernier e-mail reçu. Cette version-ci ne peut plus être signée.
              </p>
            )
          }
        />
      )
    case 'revoked':
      return (
        <ClosedPage
          title="Lien désactivé"
          tone="warning"
          headingRef={headingRef}
          view={view}
          notice={<p>{company} a désactivé ce lien de signature. Demandez-lui un nouveau lien pour signer le devis.</p>}
        />
      )
  }
}
