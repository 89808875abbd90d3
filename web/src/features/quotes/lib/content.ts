// A quote's content in one fixed key order, so two contents compare by their JSON (autosave
// decides "changed or not" that way, whatever order the server's JSON had).
import { isSection, type QuoteContent } from '@paraphe/shared/quote'

export function canonicalContent(content: QuoteContent): QuoteContent {
  const { client } = content
  return {
    client: {
      kind: client.kind,
      name: client.name,
      company: client.company,
      email: client.email,
      phone: client.phone,
      address: client.address
    },
    siteAddress: content.siteAddress,
    title: content.title,
    issueDate: content.issueDate,
    validityDays: content.validityDays,
    workStartDate: content.workStartDate,
    workDuration: content.workDuration,
    lines: content.lines.map((line) =>
      isSection(line)
        ? { id: line.id, kind: 'section' as const, title: line.title }
        : {
            id: line.id,
            description: line.description,
            quantityMilli: line.quantityMilli,
            unit: line.unit,
            unitPriceCents: line.unitPriceCents,
            vatRateBp: line.vatRateBp,
            discountBp: line.discountBp,
            // Only when there is one: a quote without amount discounts compares equal to its stored JSON.
            ...((line.discountCents ?? 0) > 0 ? { discountCents: line.discountCents } : {})
          }
    ),
    depositBp: content.depositBp,
    paymentTerms: content.paymentTerms,
    conditions: content.conditions,
    notes: content.notes,
    buildingTrade: content.buildingTrade,
    requireEmailCode: content.requireEmailCode,
    ...(content.savedClientId === undefined ? {} : { savedClientId: content.savedClientId })
  }
}
