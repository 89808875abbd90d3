// A DNS server on 127.0.0.1 (UDP, a port of its own) for the tests: it answers TXT questions from
// a table the test fills — a company's domain publishing its DKIM and SPF records — and NXDOMAIN
// for any other name, as an authoritative server would. node:dns reaches it through setServers,
// the gateway through DNS_SERVERS, the DKIM verifier through a resolver on it.
import dgram from 'node:dgram'
import { decode, encode, type Answer } from 'dns-packet'

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for DNS_SERVERS and Resolver.setServers. */
  address: string
  /** TXT records by lower-case name; each record is its list of character strings. */
  txt: Map<string, string[][]>
  /** Names asked, in order. */
  questions: string[]
  stop: () => Promise<void>
}

/** A record longer than a character string's 255 bytes is published as several strings, as zone files do. */
export function chunked(value: string): string[] {
  const chunks: string[] = []
  for (let index = 0; index < value.length; index += 255) chunks.push(value.slice(index, index + 255))
  return chunks
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const socket = dgram.createSocket('udp4')
  const txt = new Map<string, string[][]>()
  const questions: string[] = []
  socket.on('message', (message, remote) => {
    let query
    try {
      query = decode(message)
    } catch {
      return
    }
    const question = query.questions?.[0]
    if (question === undefined) return
    questions.push(question.name)
    const records = question.type === 'TXT' ? (txt.get(question.name.toLowerCase()) ?? []) : []
    const known = txt.has(question.name.toLowerCase())
    const answers: Answer[] = records.map((strings) => ({
      type: 'TXT',
      name: question.name,
      ttl: 60,
      class: 'IN',
      data: strings.map((text) => Buffer.from(text))
    }))
    const response = encode({
      id: query.id,
      type: 'response',
      // Authoritative answer, recursion desired and available; rcode 3 (NXDOMAIN) for an unknown name.
      flags: (1 << 10) | (1 << 8) | (1 << 7) | (known ? 0 : 3),
      questions: [question],
      answers
    })
    socket.send(response, remote.port, remote.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address()
  return {
    address: `127.0.0.1:${port}`,
    txt,
    questions,
    stop: () => new Promise<void>((resolve) => socket.close(() => resolve()))
  }
}
