// A webhook receiver on loopback: records every request (raw body, headers) and answers with the
// statuses it is given in turn (the last one repeats). Stopped by the test's teardown.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'

export interface ReceivedWebhook {
  body: string
  headers: IncomingHttpHeaders
  /** What the receiver answered. */
  status: number
}

export interface WebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  /** Resolves once `count` requests have arrived. */
  waitFor: (count: number) => Promise<void>
}

export async function startReceiver(t: Test, statuses: number[] = [200]): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  let waiting: Array<{ count: number; resolve: () => void }> = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const status = statuses[Math.min(received.length, statuses.length - 1)] ?? 200
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers, status })
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? `erreur ${'x'.repeat(2000)}` : 'ok')
      waiting = waiting.filter((entry) => (received.length >= entry.count ? (entry.resolve(), false) : true))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/paraphe/webhooks`,
    received,
    waitFor: (count) => (received.length >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve })))
  }
}
