import { useState, type ChangeEvent, type DragEvent } from 'react'
import { useHydrated } from '@/hooks/use-hydrated'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { checkPdf, type VerificationState } from '../lib/check-pdf'
import { VerificationResult } from './verification-result'

export interface VerificationFormViewProps {
  state: VerificationState
  siteName: string
  /** False until hydration: nothing would happen with a file before. */
  ready: boolean
  dragging: boolean
  onFile: (event: ChangeEvent<HTMLInputElement>) => void
  onDrag: (event: DragEvent<HTMLDivElement>) => void
  onDrop: (event: DragEvent<HTMLDivElement>) => void
}

/** The drop zone, with a file picker for the keyboard and phones, and the answer under it. */
export function VerificationFormView({ state, siteName, ready, dragging, onFile, onDrag, onDrop }: VerificationFormViewProps) {
  return (
    <section className="card verification-card" aria-labelledby="verification-form-title">
      <h2 id="verification-form-title">Déposer le PDF signé</h2>
      <div
        className={dragging ? 'verification-drop verification-drop--active' : 'verification-drop'}
        onDragEnter={onDrag}
        onDragOver={onDrag}
        onDragLeave={onDrag}
        onDrop={onDrop}
      >
        <p className="verification-drop__text">Glissez-déposez le PDF ici, ou</p>
        <input
          id="verification-file"
          className="verification-drop__input"
          type="file"
          accept="application/pdf,.pdf"
          disabled={!ready || state.kind === 'checking'}
          onChange={onFile}
          aria-describedby="verification-file-hint"
        />
        <label htmlFor="verification-file" className="button button--primary verification-drop__button">
          Choisir un fichier PDF
        </label>
        <p className="field__hint" id="verification-file-hint">
          Le fichier est envoyé le temps d’en calculer l’empreinte, puis oublié&#8239;: il n’est pas conservé.
        </p>
      </div>
      <div className="verification-answer" aria-live="polite">
        {state.kind === 'checking' ? (
          <p className="verification-answer__checking">Vérification de «&#8239;{state.fileName}&#8239;»…</p>
        ) : null}
        {state.kind === 'done' ? <VerificationResult fileName={state.fileName} result={state.result} siteName={siteName} /> : null}
      </div>
      {state.kind === 'failed' ? (
        <div className="notice notice--error" role="alert">
          <p>{state.message}</p>
        </div>
      ) : null}
    </section>
  )
}

/** Checks the chosen or dropped file with the gateway. */
export function VerificationForm() {
  const { siteName } = useRuntimeConfig()
  const ready = useHydrated()
  const [state, setState] = useState<VerificationState>({ kind: 'idle' })
  const [dragging, setDragging] = useState(false)

  async function check(file: File | undefined) {
    if (file === undefined) return
    setState({ kind: 'checking', fileName: file.name })
    setState(await checkPdf(file))
  }

  return (
    <VerificationFormView
      state={state}
      siteName={siteName}
      ready={ready}
      dragging={dragging}
      onFile={(event) => {
        const file = event.target.files?.[0]
        // Cleared so that choosing the same file again checks it again.
        event.target.value = ''
        void check(file)
      }}
      onDrag={(event) => {
        event.preventDefault()
        // Leaving for one of the zone's own children is not leaving the zone.
        setDragging(
          event.type !== 'dragleave' || (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))
        )
      }}
      onDrop={(event) => {
        event.preventDefault()
        setDragging(false)
        void check(event.dataTransfer.files[0])
      }}
    />
  )
}
