// Issues of one company are serialised by its counter row in the database; waiting there holds a
// pooled connection each, so a burst of issues (an ERP posting 20 invoices) would drain the
// gateway's pool and starve every other request. They queue here first, in memory, by COMPANY
// (whoever asks: a member in the workspace, another member, an API key): one issuing transaction
// per company and gateway at a time, the others waiting without a connection.
const tails = new Map<string, Promise<unknown>>()

export function oneIssueAtATime<T>(companyId: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(companyId) ?? Promise.resolve()
  const result = previous.then(work, work)
  const tail = result.catch(() => undefined)
  tails.set(companyId, tail)
  // The map forgets a company once its queue is empty.
  void tail.then(() => {
    if (tails.get(companyId) === tail) tails.delete(companyId)
  })
  return result
}
