import { useState } from 'react'

export type CopyState = 'idle' | 'copied' | 'manual'

/** The signing link just created, with a copy button (the client also got it by e-mail). */
export function SigningLink({ url, email }: { url: string; email: string }) {
  const [copy, setCopy] = useState<CopyState>('idle')
  const copyLink = () => {
    // The clipboard API exists only in secure contexts: otherwise the link is selected for Ctrl+C.
    const select = () => {
      const input = document.getElementById('quote-signing-url')
      if (input instanceof HTMLInputElement) input.select()
      setCopy('manual')
    }
    if (navigator.clipboard === undefined) return select()
    navigator.clipboard.writeText(url).then(() => setCopy('copied'), select)
  }
  return <SigningLinkView url={url} email={email} copy={copy} onCopy={copyLink} />
}

export function SigningLinkView({ url, email, copy, onCopy }: { url: string; email: string; copy: CopyState; onCopy: () => void }) {
  return (
    <section className="card signing-link" aria-labelledby="signing-link-title">
      <h2 id="signing-link-title">Devis envoyé</h2>
      <p>
        Un e-mail avec le lien de signature part vers <strong>{email === '' ? 'votre client' : email}</strong>. Vous pouvez aussi lui
        transmettre ce lien vous-même&#8239;:
      </p>
      <div className="field">
        <label htmlFor="quote-signing-url">Lien de signature</label>
        <div className="signing-link__row">
          <input id="quote-signing-url" type="text" readOnly value={url} onFocus={(event) => event.target.select()} />
          <button type="button" className="button button--primary" onClick={onCopy}>
            Copier le lien
          </button>
        </div>
      </div>
      <p className="signing-link__status" role="status">
        {copy === 'copied' ? 'Lien copié.' : copy === 'manual' ? 'Le lien est sélectionné\u202f: copiez-le avec Ctrl+C (ou ⌘+C).' : ''}
      </p>
    </section>
  )
}
