import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { ApiClient } from '@/lib/api-client'
import type { SigningView } from '../api/signing-api'
import {
  clearFixed,
  fieldControlId,
  initialSignValues,
  nextStepProblems,
  onlySignatureLeft,
  problemFieldOf,
  readyForCode,
  SIGN_FIELD_IDS,
  signatureOf,
  signProgress,
  type SignField,
  type SignProblems,
  type SignValues
} from '../lib/sign-form'
import { requestEmailCode, submitSignature, type CodeStatus } from '../lib/signing-actions'
import type { SignaturePadHandle } from './signature-pad-field'
import { SignFormView } from './sign-form-view'

export interface SignFormProps {
  api: ApiClient
  token: string
  view: SigningView
  /** The link changed state (signed now, or refused because it is no longer open). */
  onClosed: (signedNow: boolean) => void
  /** Reads the quote again (it changed since the page was opened). */
  onReload: () => void
}

/** The signer's form: checks what must be filled in, asks for the e-mail code, signs. */
export function SignForm({ api, token, view, onClosed, onReload }: SignFormProps) {
  const [values, setValues] = useState<SignValues>(() => initialSignValues(view.quote.client))
  const [problems, setProblems] = useState<SignProblems>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [changed, setChanged] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [drawn, setDrawn] = useState(false)
  const [code, setCode] = useState<CodeStatus>({ kind: 'idle' })
  // A new object each time, so that asking twice for the same field focuses it again.
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null)
  const padRef = useRef<SignaturePadHandle | null>(null)

  // After the render that shows the error, so that it is read with the field.
  // Centred, so that neither the page's top nor the fixed action bar hides it; no animation
  // for those who asked for less motion.
  useEffect(() => {
    if (focusRequest === null) return
    const control = document.getElementById(focusRequest.id)
    if (control === null) return
    control.focus({ preventScroll: true })
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    control.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' })
  }, [focusRequest])

  const requestCode = () => {
    setCode({ kind: 'sending' })
    void requestEmailCode(api, token).then(setCode)
  }
  // The code is sent by itself once every other step is done, then its field takes the focus.
  const signature = values.method === 'typed' ? signatureOf(values, null) : drawn ? (padRef.current?.signature() ?? null) : null
  const progress = signProgress(values, view.quote, signature)
  const reachedCode = code.kind === 'idle' && readyForCode(values, view.quote, signature)
  const autoRequested = useRef(false)
  useEffect(() => {
    if (!reachedCode) return
    autoRequested.current = true
    requestCode()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the step is reached
  }, [reachedCode])
  useEffect(() => {
    if (code.kind === 'sent' && autoRequested.current) {
      autoRequested.current = false
      setFocusRequest({ id: SIGN_FIELD_IDS.emailCode })
    }
  }, [code.kind])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setFailure(null)
    setChanged(null)
    setPending(true)
    const outcome = await submitSignature(api, token, view, values, padRef.current?.signature() ?? null)
    // Signed (or no longer open): the button stays busy until the page shows the new state.
    if (outcome.kind === 'signed' || outcome.kind === 'closed') {
      onClosed(outcome.kind === 'signed')
      return
    }
    setPending(false)
    setProblems(outcome.kind === 'invalid' ? outcome.problems : {})
    if (outcome.kind === 'invalid') setFocusRequest({ id: fieldControlId(outcome.focus, values.method) })
    else if (outcome.kind === 'changed') setChanged(outcome.message)
    else setFailure(outcome.message)
  }

  // Errors clear one by one as each field is fixed.
  const settle = (field: SignField, next: SignValues) =>
    setProblems((current) => clearFixed(current, field, next, view.quote, signatureOf(next, padRef.current?.signature() ?? null)))

  return (
    <SignFormView
      view={view}
      values={values}
      problems={problems}
      failure={failure}
      changed={changed}
      pending={pending}
      drawn={drawn}
      code={code}
      padRef={padRef}
      onChange={(field, value) => {
        const next = { ...values, [field]: value }
        setValues(next)
        settle(problemFieldOf(field), next)
      }}
      onDrawnChange={(isDrawn) => {
        setDrawn(isDrawn)
        settle('signature', values)
      }}
      progress={progress}
      lastStep={onlySignatureLeft(values, view.quote)}
      onNextStep={() => {
        // The first missing step says what it needs and takes the focus; the others wait their turn.
        setProblems(nextStepProblems(values, view.quote, signature))
        if (progress.firstMissing !== undefined) setFocusRequest({ id: fieldControlId(progress.firstMissing, values.method) })
      }}
      onRequestCode={requestCode}
      onReload={onReload}
      onSubmit={(event) => void submit(event)}
    />
  )
}
