// One webhook request: POST the JSON body to the endpoint, through a socket whose address passed
// the destination rule (destination.ts), within a total time limit, without following redirects,
// keeping no more than the start of the answer.
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { guardedLookup, literalAddressProblem, type DestinationRules } from './destination.js'

/** What the delivery log keeps of an answer. */
export const RESPONSE_EXCERPT_MAX = 500

export interface PostAnswer {
  statusCode: number
  /** The first RESPONSE_EXCERPT_MAX characters of the answer's body. */
  excerpt: string
}

async function excerptOf(response: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of response) {
    text += Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk)
    // The rest is never read: a receiver cannot fill the database or the memory.
    if (text.length >= RESPONSE_EXCERPT_MAX) break
  }
  response.destroy()
  return text.slice(0, RESPONSE_EXCERPT_MAX)
}

/** Resolves with the answer (any status); rejects on a refused destination, a network error or the time limit. */
export async function postWebhook(
  url: URL,
  body: string,
  headers: Record<string, string>,
  rules: DestinationRules,
  timeoutMs: number
): Promise<PostAnswer> {
  if (rules.production && url.protocol !== 'https:') throw new Error('Adresse en http:// refusée en production : https:// seulement.')
  const refused = literalAddressProblem(url, rules)
  if (refused !== null) throw refused
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  const signal = AbortSignal.timeout(timeoutMs)
  return new Promise<PostAnswer>((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: 'POST',
        // A fresh connection each time: every delivery goes through guardedLookup.
        agent: false,
        lookup: guardedLookup(rules),
        signal,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Paraphe-Webhooks/1.0',
          ...headers
        }
      },
      (response) => {
        excerptOf(response).then((excerpt) => resolve({ statusCode: response.statusCode ?? 0, excerpt }), reject)
      }
    )
    outgoing.on('error', (error) =>
      reject(signal.aborted ? new Error(`Pas de réponse en ${(timeoutMs / 1000).toLocaleString('fr-FR')} s.`) : error)
    )
    outgoing.end(body)
  })
}
