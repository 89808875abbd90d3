import { useEffect, useState, type FormEvent } from 'react'
import { useFocusOnChange } from '@/hooks/use-focus-on-change'
import { useHydrated } from '@/hooks/use-hydrated'
import { useApiClient } from '@/lib/api-client'
import { checkContact, type ContactField, type ContactProblems, type ContactValues } from '@paraphe/shared/contact'
import { fieldId, firstProblem } from '../lib/contact-rules'
import { postContact } from '../lib/post-contact'
import { ContactFormView, ContactSent, EMPTY_CONTACT } from './contact-form-view'

/**
 * The contact form: checks every field before sending (errors next to their field, focus on the
 * first), posts to /api/contact, and keeps what was typed when sending fails.
 */
export function ContactForm() {
  const api = useApiClient()
  const ready = useHydrated()
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT)
  const [website, setWebsite] = useState('')
  const [problems, setProblems] = useState<ContactProblems>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)
  // A new object each time, so that asking twice for the same field focuses it again.
  const [focusRequest, setFocusRequest] = useState<{ field: ContactField } | null>(null)
  const headingRef = useFocusOnChange<HTMLHeadingElement>(sentTo)

  // After the render that shows the error, so that it is read with the field.
  useEffect(() => {
    if (focusRequest !== null) document.getElementById(fieldId(focusRequest.field))?.focus()
  }, [focusRequest])

  function change<K extends ContactField>(field: K, value: ContactValues[K]) {
    setValues((current) => ({ ...current, [field]: value }))
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const found = checkContact(values)
    setProblems(found)
    const first = firstProblem(found)
    if (first !== undefined) {
      setFailure(null)
      setFocusRequest({ field: first })
      return
    }
    setPending(true)
    setFailure(null)
    const outcome = await postContact(api, values, website)
    setPending(false)
    if (outcome.ok) setSentTo(outcome.email)
    else setFailure(outcome.message)
  }

  function writeAgain() {
    setValues((current) => ({ ...current, message: '', consent: false }))
    setSentTo(null)
    setFocusRequest({ field: 'message' })
  }

  if (sentTo !== null) return <ContactSent email={sentTo} onAgain={writeAgain} headingRef={headingRef} />
  return (
    <ContactFormView
      values={values}
      website={website}
      problems={problems}
      failure={failure}
      pending={pending}
      ready={ready}
      onChange={change}
      onWebsiteChange={setWebsite}
      onSubmit={submit}
    />
  )
}
