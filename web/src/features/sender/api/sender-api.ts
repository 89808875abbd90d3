// The sender address's endpoints of the gateway, typed once for the page.
import type { SenderAnswer } from '@paraphe/shared/api/company-sender-schemas'
import type { ApiClient } from '@/lib/api-client'

export type { DnsRecord, Sender, SenderAnswer } from '@paraphe/shared/api/company-sender-schemas'

export const senderApi = {
  read: (api: ApiClient, signal?: AbortSignal) => api.get<SenderAnswer>('/api/company/sender', { signal }),
  set: (api: ApiClient, address: string) => api.put<SenderAnswer>('/api/company/sender', { body: { address } }),
  resendConfirmation: (api: ApiClient) => api.post<SenderAnswer>('/api/company/sender/confirmation'),
  check: (api: ApiClient) => api.post<SenderAnswer>('/api/company/sender/check'),
  remove: (api: ApiClient) => api.delete<unknown>('/api/company/sender')
}
