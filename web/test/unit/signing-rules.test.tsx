// The signing page's logic in Node: what the form requires before sending, the request it
// becomes, how the gateway's refusals are shown, the strokes across a resize and within the
// gateway's limits, the visitor id, and the calls to /api/sign/{token} (through the app's API
// client and a recording fetch). The page itself is driven in Chromium (web/test/browser/signing).
import t from 'tap'
import { EMPTY_PROFILE } from '@paraphe/shared/company'
import type { Quote, QuoteContent } from '@paraphe/shared/quote'
import { computeTotals } from '@paraphe/shared/quote-totals'
import { isClosed, signingApi, VISITOR_HEADER, type SigningView } from '@/features/signing/api/signing-api'
import { asApiError } from '@/features/signing/lib/api-errors'
import {
  checkSignForm,
  clearFixed,
  EMPTY_SIGN_VALUES,
  fieldControlId,
  firstProblem,
  initialSignValues,
  nextStepProblems,
  problemFieldOf,
  onlySignatureLeft,
  readyForCode,
  signatureOf,
  signRefusal,
  signRequest,
  type SignValues
} from '@/features/signing/lib/sign-form'
import { declineQuote, requestEmailCode, submitSignature } from '@/features/signing/lib/signing-actions'
import { carryPoint, drawnSignature, isTap, scaleGroups, STROKE_LIMITS } from '@/features/signing/lib/strokes'
import { visitorId } from '@/features/signing/lib/visitor-id'
import { signingProblems } from '@paraphe/shared/signing-form'
import { API_MESSAGES, ApiError, createApiClient } from '@/lib/api-client'
import { draftContent, quoteLine } from '../../../gateway/test/support/quote-content.js'

// A plain quote: no building-trade mention, no e-mail code (the tests that want them say so).
const CONTENT = draftContent({ lines: [quoteLine()], buildingTrade: false })

function viewOf(content: Partial<QuoteContent> = {}, state: SigningView['state'] = 'open'): SigningView {
  const merged = { ...CONTENT, ...content }
  const quote: Quote = {
    ...merged,
    id: 'q-1',
    number: 'DEV-2026-0007',
    status: 'sent',
    franchiseEnBase: false,
    totals: computeTotals(merged.lines, { franchiseEnBase: false, depositBp: merged.depositBp }),
    version: 2,
    createdAt: '2026-11-21T09:00:00Z',
    updatedAt: '2026-11-21T09:00:00Z',
    sentAt: '2026-11-21T09:00:00Z',
    expiresOn: '2026-12-21',
    replacedBy: null
  }
  return {
    state,
    quote,
    company: { ...EMPTY_PROFILE, companyName: 'Dupont Rénovation' },
    documentSha256: 'a'.repeat(64),
    linkExpiresAt: '2026-12-21T22:59:59.999Z',
    signature: null,
    declinedAt: null,
    signedDocument: false,
    hasLogo: false
  }
}

const FILLED: SignValues = {
  ...EMPTY_SIGN_VALUES,
  signerName: 'Élise Martin',
  accepted: true,
  mention: 'Bon pour accord',
  preWorkAcknowledged: true
}
const points = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ x: 10 + index * 5, y: 40 + (index % 3) * 7, time: 1_700_000_000_000 + index * 16 }))
const DRAWING = drawnSignature([{ points: points(30) }], 400, 160)

/** A fetch that records each call and answers from `reply`. */
function recorder(reply: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ url: string; method: string; headers: Record<string, string>; body: unknown }> = []
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body
    })
    return reply(url, init)
  }
  return { calls, api: createApiClient({ getAccessToken: async () => null, fetch }) }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const refusal = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json(status, { error: { code, message, ...(fields === undefined ? {} : { fields }) } })

t.test('what must be filled in before sending, field by field, in the order of the form', async (t) => {
  const options = { buildingTrade: true, requireEmailCode: true }
  const empty = checkSignForm(EMPTY_SIGN_VALUES, options, null)
  t.same(Object.keys(empty), ['signerName', 'accepted', 'mention', 'preWorkAcknowledged', 'emailCode', 'signature'])
  t.equal(empty.signerName, 'Indiquez vos nom et prénom.')
  t.equal(empty.mention, 'Recopiez la mention « Bon pour accord ».')
  t.equal(empty.preWorkAcknowledged, 'Cochez la mention « Devis reçu avant l’exécution des travaux ».')
  t.match(empty.signature, /^Dessinez votre signature dans le cadre, ou choisissez de taper votre nom\.$/)
  t.equal(firstProblem(empty), 'signerName')
  t.same(
    checkSignForm({ ...FILLED, signerName: ' x ' }, { buildingTrade: false, requireEmailCode: false }, DRAWING),
    { signerName: 'Indiquez vos nom et prénom.' },
    'a name has letters'
  )
  t.same(
    checkSignForm(FILLED, { buildingTrade: false, requireEmailCode: false }, DRAWING),
    {},
    'no pre-work mention outside building trades, no code unless asked'
  )
  t.same(checkSignForm({ ...FILLED, emailCode: ' 123456 ' }, options, DRAWING), {}, 'six digits')
  t.same(Object.keys(checkSignForm({ ...FILLED, emailCode: '12345' }, options, DRAWING)), ['emailCode'])
  const typed = { ...FILLED, method: 'typed' as const, signerName: ' 1 ' }
  t.same(
    checkSignForm(typed, options, signatureOf(typed, null)).signature,
    'Indiquez vos nom et prénom en haut du formulaire : ils servent de signature.',
    'the typed signature is the name typed once'
  )
  t.equal(firstProblem({}), undefined)
})

t.test('the page refuses what the gateway refuses, with its messages, before sending anything', async (t) => {
  const options = { buildingTrade: true, requireEmailCode: false }
  // The answers gateway/test/signing/sign-api.test.ts sends and sees refused (422): before, the page let a
  // wrong mention and a dot of a drawing through, and the signer met the refusal only after a round trip.
  const dot = drawnSignature([{ points: points(1) }], 400, 160)
  const refused = { ...FILLED, accepted: false, mention: 'ok', preWorkAcknowledged: false }
  const problems = checkSignForm(refused, options, dot)
  t.same(problems, {
    accepted: 'Cochez la case pour accepter le devis et ses conditions avant de signer.',
    mention: 'Recopiez la mention « Bon pour accord ».',
    preWorkAcknowledged: 'Cochez la mention « Devis reçu avant l’exécution des travaux ».',
    signature: 'Cette signature est trop courte : signez comme sur papier, ou tapez votre nom à la place.'
  })
  t.same(
    problems,
    signingProblems({ ...refused, signature: { method: 'drawn', strokes: dot.strokes } }, true),
    'the very check the gateway runs on /sign'
  )
  t.same(
    checkSignForm({ ...FILLED, mention: 'bon pour ACCORD.' }, options, DRAWING),
    {},
    'the wording counts, not its case or a final stop, as on the gateway'
  )
  t.same(
    Object.keys(checkSignForm({ ...FILLED, mention: 'Lu et approuvé' }, options, DRAWING)),
    ['mention'],
    'another formula is refused on the page'
  )
  const typedDashes = { ...FILLED, method: 'typed' as const, signerName: '--' }
  t.same(
    Object.keys(checkSignForm(typedDashes, options, signatureOf(typedDashes, null))),
    ['signerName', 'signature'],
    'a typed « -- » is not a name'
  )
})

t.test('the e-mail code is asked for once the steps before it are done; then only the signature is left', async (t) => {
  const options = { buildingTrade: true, requireEmailCode: true }
  t.notOk(readyForCode(EMPTY_SIGN_VALUES, options, null))
  t.notOk(readyForCode({ ...FILLED, accepted: false }, options, null), 'not before acceptance')
  t.ok(readyForCode({ ...FILLED, emailCode: '' }, options, null), 'before the signature, the last act')
  t.ok(readyForCode({ ...FILLED, emailCode: '' }, options, DRAWING), 'or after it, when drawn first')
  t.notOk(onlySignatureLeft({ ...FILLED, emailCode: '' }, options), 'the code still to type')
  t.ok(onlySignatureLeft({ ...FILLED, emailCode: '123456' }, options), 'then the signature ends the form')
  t.ok(onlySignatureLeft(FILLED, { ...options, requireEmailCode: false }), 'at once without a code')
  t.notOk(onlySignatureLeft({ ...FILLED, mention: '' }, { ...options, requireEmailCode: false }))
  t.notOk(
    readyForCode({ ...FILLED, preWorkAcknowledged: false, emailCode: '' }, options, DRAWING),
    'the pre-work mention counts on building trades'
  )
  t.notOk(readyForCode(FILLED, { ...options, requireEmailCode: false }, DRAWING), 'never when no code is asked')
})

t.test('errors clear one by one as each field is fixed', async (t) => {
  const options = { buildingTrade: true, requireEmailCode: true }
  const shown = checkSignForm(EMPTY_SIGN_VALUES, options, null)
  const named = { ...EMPTY_SIGN_VALUES, signerName: 'Élise Martin' }
  const afterName = clearFixed(shown, 'signerName', named, options, null)
  t.same(Object.keys(afterName), ['accepted', 'mention', 'preWorkAcknowledged', 'emailCode', 'signature'], 'the fixed field only')
  t.equal(
    clearFixed(shown, 'signerName', { ...EMPTY_SIGN_VALUES, signerName: 'É' }, options, null),
    shown,
    'not fixed yet: the message stays'
  )
  t.notOk('signature' in clearFixed(afterName, 'signature', named, options, DRAWING), 'a drawing answers « signature »')
  const typed = { ...named, method: 'typed' as const }
  t.notOk(
    'signature' in clearFixed(afterName, problemFieldOf('method'), typed, options, signatureOf(typed, null)),
    'so does choosing the typed name'
  )
  t.equal(problemFieldOf('method'), 'signature')
  t.equal(problemFieldOf('emailCode'), 'emailCode')
  const server = { mention: 'La mention doit être « Bon pour accord ».' }
  t.same(
    clearFixed(server, 'mention', { ...FILLED, mention: 'Bon pour accord' }, options, DRAWING),
    {},
    'a message from the gateway goes when its field is edited into shape'
  )
})

t.test('the signature chosen, and the request it goes in', async (t) => {
  t.equal(signatureOf(FILLED, null), null, 'a blank pad is no signature')
  t.equal(signatureOf(FILLED, DRAWING), DRAWING)
  t.same(
    signatureOf({ ...FILLED, method: 'typed', signerName: ' Élise Martin ' }, DRAWING),
    { method: 'typed', text: 'Élise Martin' },
    'typed wins once chosen: the signer’s name'
  )

  const plain = viewOf()
  t.same(
    signRequest({ ...FILLED, signerName: ' Élise Martin ', mention: ' bon pour accord ' }, plain, DRAWING),
    {
      signerName: 'Élise Martin',
      accepted: true,
      mention: 'bon pour accord',
      signature: DRAWING,
      documentSha256: 'a'.repeat(64)
    },
    'only the fields this quote asks for, and the SHA-256 of the version shown'
  )
  const full = viewOf({ buildingTrade: true, requireEmailCode: true })
  t.match(signRequest({ ...FILLED, emailCode: ' 654321 ' }, full, DRAWING), { preWorkAcknowledged: true, emailCode: '654321' })
  t.equal(fieldControlId('signature', 'drawn'), 'sign-method-drawn', 'a problem with the signature focuses its choice')
  t.equal(fieldControlId('signature', 'typed'), 'sign-method-typed', 'or the typed one')
  t.equal(fieldControlId('mention', 'typed'), 'sign-mention')
})

t.test('the gateway’s refusals: fields on their controls, a changed quote, a closed link, the rest as a message', async (t) => {
  t.same(
    signRefusal(
      new ApiError(422, 'signature_incomplete', 'La signature n’est pas complète.', {
        mention: 'Recopiez la mention « Bon pour accord ».',
        other: 'x'
      })
    ),
    {
      kind: 'fields',
      problems: { mention: 'Recopiez la mention « Bon pour accord ».' }
    }
  )
  t.same(
    signRefusal(new ApiError(400, 'validation_failed', 'Certains champs sont invalides.', { 'signature.text': 'Trop court.' })),
    { kind: 'fields', problems: { signature: 'Trop court.' } },
    'nested schema paths belong to the signature'
  )
  t.same(signRefusal(new ApiError(409, 'document_changed', 'Le devis a changé.')), { kind: 'changed', message: 'Le devis a changé.' })
  for (const [status, code] of [
    [409, 'already_signed'],
    [409, 'declined'],
    [410, 'expired'],
    [404, 'link_not_found']
  ] as const) {
    t.same(signRefusal(new ApiError(status, code, '…')), { kind: 'closed' }, code)
  }
  t.same(signRefusal(new ApiError(400, 'validation_failed', 'Certains champs sont invalides.')), {
    kind: 'failed',
    message: 'Certains champs sont invalides.'
  })
  t.same(signRefusal(new ApiError(0, 'network_error', API_MESSAGES.unreachable)), { kind: 'failed', message: API_MESSAGES.unreachable })
  t.equal(asApiError(new TypeError('bug')).message, API_MESSAGES.failed, 'a bug reads as the generic failure')
})

t.test('strokes: scaled with the pad, rounded, and within the gateway’s limits', async (t) => {
  const groups = [{ penColor: 'black', points: [{ x: 10, y: 20, time: 1, pressure: 0.5 }] }]
  t.same(
    scaleGroups(groups, 2, 0.5),
    [{ penColor: 'black', points: [{ x: 20, y: 10, time: 1, pressure: 0.5 }] }],
    'each axis by its own factor, the rest kept'
  )
  t.same(groups[0]?.points[0], { x: 10, y: 20, time: 1, pressure: 0.5 }, 'the original is left as it was')

  const signature = drawnSignature([{ points: [{ x: 10.26, y: 5.04, time: 1.6 }] }, { points: [] }], 320.4, 127.6)
  t.same(
    signature,
    { method: 'drawn', strokes: [{ points: [{ x: 10.3, y: 5, time: 2 }] }], padWidth: 320, padHeight: 128 },
    'empty strokes dropped'
  )
  const long = drawnSignature([{ points: points(5000) }], 400, 160)
  const thinned = long.strokes[0]?.points ?? []
  t.equal(thinned.length, STROKE_LIMITS.pointsPerStroke, 'a very long stroke is thinned')
  t.same([thinned[0]?.x, thinned[1]?.x], [10, 10 + Math.round(4999 / 1999) * 5], 'from its first point, evenly')
  t.equal(thinned.at(-1)?.x, 400, 'to its last, kept inside the pad')
  const outside = drawnSignature(
    [
      {
        points: [
          { x: -12, y: 200, time: 1 },
          { x: 50, y: -3, time: 2 }
        ]
      }
    ],
    400,
    160
  )
  t.same(
    outside.strokes[0]?.points,
    [
      { x: 0, y: 160, time: 1 },
      { x: 50, y: 0, time: 2 }
    ],
    'a stroke begun outside the pad starts at its edge'
  )
  const many = drawnSignature(
    Array.from({ length: 150 }, () => ({ points: points(2) })),
    400,
    160
  )
  t.equal(many.strokes.length, STROKE_LIMITS.strokes, 'at most 100 strokes')
  t.ok(isTap([{ x: 10, y: 10, time: 1 }]), 'one point is a tap')
  t.ok(
    isTap([
      { x: 10, y: 10, time: 1 },
      { x: 12.5, y: 8, time: 2 }
    ]),
    'so is a finger that barely moved'
  )
  t.notOk(isTap(points(3)), 'a line is ink')
})

t.test('a stroke begun on the frame lands at the same place of the sheet’s pad', async (t) => {
  // The frame low on a 360 px phone, the sheet's pad filling the top of the screen.
  const frame = { left: 37, top: 541, width: 286, height: 114 }
  const pad = { left: 12, top: 110, width: 336, height: 394 }
  t.same(carryPoint(37, 541, frame, pad), { x: 12, y: 110 }, 'top-left corner to top-left corner')
  t.same(carryPoint(37 + 143, 541 + 57, frame, pad), { x: 12 + 168, y: 110 + 197 }, 'the middle to the middle')
  t.same(carryPoint(323, 655, frame, pad), { x: 348, y: 504 }, 'bottom-right corner to bottom-right corner')
  t.same(
    carryPoint(50, 50, { left: 0, top: 0, width: 0, height: 0 }, pad),
    { x: 180, y: 307 },
    'a frame with no size: the middle of the pad'
  )
})

t.test('the visitor id: kept for the session, made once, and still given when storage fails', async (t) => {
  const store = new Map<string, string>()
  const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) }
  let made = 0
  const random = () => `visitor-${++made}-0000`
  t.equal(visitorId(storage, random), 'visitor-1-0000')
  t.equal(visitorId(storage, random), 'visitor-1-0000', 'the same on the next visit of the session')
  store.set('paraphe.signing-visitor', 'x')
  t.equal(visitorId(storage, random), 'visitor-2-0000', 'a malformed one is replaced')
  t.equal(visitorId(null, random), 'visitor-3-0000', 'no storage: a new id')
  const broken = {
    getItem: () => {
      throw new Error('SecurityError')
    },
    setItem: () => {}
  }
  t.equal(visitorId(broken, random), 'visitor-4-0000', 'storage refused: a new id')
  t.match(visitorId(null), /^[0-9a-f-]{36}$/, 'a random UUID by default')
})

t.test('the calls: the link’s view with the visitor header, the PDF’s address, and each action', async (t) => {
  const view = viewOf()
  const { calls, api } = recorder((url) =>
    url.endsWith('/otp')
      ? json(200, { sentTo: 'el***@example.org' })
      : json(
          200,
          url.endsWith('/decline') ? { state: 'declined' } : url.endsWith('/sign') ? { state: 'signed', signedDocument: true } : view
        )
  )
  const token = 'abc_DEF-123'
  t.same(await signingApi.view(api, token, 'visitor-0001'), view)
  t.match(calls[0], {
    url: '/api/sign/abc_DEF-123',
    method: 'GET',
    headers: { [VISITOR_HEADER]: 'visitor-0001', accept: 'application/json' }
  })
  t.equal(signingApi.pdfHref('a/b'), '/api/sign/a%2Fb/pdf', 'the token is escaped')
  t.equal(isClosed(view), false)
  t.equal(isClosed(viewOf({}, 'expired')), true)

  t.same(await submitSignature(api, token, view, FILLED, DRAWING), { kind: 'signed' })
  t.match(calls[1], {
    url: '/api/sign/abc_DEF-123/sign',
    method: 'POST',
    body: { signerName: 'Élise Martin', documentSha256: 'a'.repeat(64), signature: { method: 'drawn', padWidth: 400 } }
  })
  t.same(await requestEmailCode(api, token), { kind: 'sent', sentTo: 'el***@example.org' })
  t.match(calls[2], { url: '/api/sign/abc_DEF-123/otp', method: 'POST' })
  t.same(await declineQuote(api, token, '  Trop cher.  '), { kind: 'declined' })
  t.match(calls[3], { url: '/api/sign/abc_DEF-123/decline', body: { reason: 'Trop cher.' } })

  const before = calls.length
  t.match(await submitSignature(api, token, view, EMPTY_SIGN_VALUES, null), {
    kind: 'invalid',
    focus: 'signerName',
    problems: { accepted: /^Cochez/ }
  })
  t.equal(calls.length, before, 'an incomplete form is not sent')
  t.match(await submitSignature(api, token, view, FILLED, null), { kind: 'invalid', focus: 'signature' }, 'nor a blank pad')
})

t.test('the actions when the gateway refuses', async (t) => {
  const view = viewOf()
  let answer = refusal(422, 'email_code_wrong', 'Ce code est incorrect.', { emailCode: 'Ce code est incorrect.' })
  const { api } = recorder(() => answer)
  t.same(await submitSignature(api, 't', view, FILLED, DRAWING), {
    kind: 'invalid',
    problems: { emailCode: 'Ce code est incorrect.' },
    focus: 'emailCode'
  })
  answer = refusal(409, 'document_changed', 'Le devis a changé depuis que vous l’avez ouvert.')
  t.same(await submitSignature(api, 't', view, FILLED, DRAWING), {
    kind: 'changed',
    message: 'Le devis a changé depuis que vous l’avez ouvert.'
  })
  answer = refusal(409, 'already_signed', 'Ce devis a déjà été signé.')
  t.same(await submitSignature(api, 't', view, FILLED, DRAWING), { kind: 'closed' })
  t.same(await declineQuote(api, 't', ''), { kind: 'closed' })
  answer = refusal(429, 'code_too_soon', 'Un code vient d’être envoyé : attendez une minute.')
  t.same(await requestEmailCode(api, 't'), { kind: 'failed', message: 'Un code vient d’être envoyé : attendez une minute.' })
  answer = new Response('oops', { status: 502 })
  t.same(await declineQuote(api, 't', 'x'), { kind: 'failed', message: API_MESSAGES.unreachable })
  t.same(await submitSignature(api, 't', view, FILLED, DRAWING), { kind: 'failed', message: API_MESSAGES.unreachable })
  answer = refusal(400, 'validation_failed', 'Certains champs sont invalides.', { signerName: 'Trop long.' })
  t.same(await submitSignature(api, 't', view, FILLED, DRAWING), {
    kind: 'invalid',
    problems: { signerName: 'Trop long.' },
    focus: 'signerName'
  })
})

t.test('the signer opens the form with their name from the quote, and « Continuer » names one missing step at a time', async (t) => {
  t.same(
    initialSignValues({ name: '  Élise Martin ' }),
    { ...EMPTY_SIGN_VALUES, signerName: 'Élise Martin' },
    'the client contact’s name, editable like any value'
  )
  t.same(initialSignValues({ name: '' }), EMPTY_SIGN_VALUES, 'no contact name: the field starts empty')
  const options = { buildingTrade: true, requireEmailCode: false }
  const named = initialSignValues({ name: 'Élise Martin' })
  t.same(Object.keys(nextStepProblems(EMPTY_SIGN_VALUES, options, null)), ['signerName'], 'empty: only the name is asked for')
  t.same(
    nextStepProblems(named, options, null),
    { accepted: checkSignForm(named, options, null).accepted },
    'named: the acceptance comes next, alone'
  )
  const accepted = { ...named, accepted: true, mention: 'Bon pour accord', preWorkAcknowledged: true }
  t.same(Object.keys(nextStepProblems(accepted, options, null)), ['signature'], 'then the signature')
  t.same(nextStepProblems(accepted, options, { method: 'typed', text: 'Élise Martin' }), {}, 'complete: nothing to say')
})
