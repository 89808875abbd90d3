import { formatDateTimeWithZone } from '@paraphe/shared/dates'
import type { VerifyResult } from '../api/verify-pdf'

/** The answer for one file: sealed here (number, signer, date), or not recognised and why. */
export function VerificationResult({ fileName, result, siteName }: { fileName: string; result: VerifyResult; siteName: string }) {
  const { document } = result
  return (
    <div
      className={document === null ? 'verification-result verification-result--unknown' : 'verification-result verification-result--known'}
    >
      <h3>{document === null ? 'Document non reconnu' : 'Document reconnu'}</h3>
      {document === null ? (
        <>
          <p>
            «&#8239;{fileName}&#8239;» n’est pas un devis signé avec {siteName}, ou il a été modifié depuis sa signature.
          </p>
          <p>
            La vérification compare le fichier octet par octet&#8239;: toute modification change le fichier, même un simple
            réenregistrement, une impression en PDF ou l’ajout d’une annotation. Vérifiez le PDF d’origine, tel que reçu par e-mail ou
            téléchargé depuis le lien de signature.
          </p>
        </>
      ) : (
        <>
          <p>
            «&#8239;{fileName}&#8239;» est bien un devis signé avec {siteName}, identique au PDF scellé lors de la signature.
          </p>
          <dl className="verification-result__facts">
            <div>
              <dt>Devis</dt>
              <dd>n° {document.number}</dd>
            </div>
            <div>
              <dt>Signé par</dt>
              <dd>{document.signerName}</dd>
            </div>
            <div>
              <dt>Signé le</dt>
              <dd>{formatDateTimeWithZone(document.signedAt)}</dd>
            </div>
          </dl>
        </>
      )}
      <p className="verification-result__hash">
        Empreinte SHA-256 du fichier&#8239;: <code>{result.sha256}</code>
      </p>
    </div>
  )
}
