// The signed copy: the quote as the client read it, the signature in its « Bon pour accord »
// box, then the evidence pages (who, when, from where, which document, every event). The seal
// is applied afterwards, on these bytes (seal/pdf-seal.ts).
import { formatDateTimeWithZone } from '@paraphe/shared/dates'
import { quoteEventLabel } from '@paraphe/shared/quote-events'
import { addLabelledLinesPage, drawLabelledLines, type LabelledLine } from './labelled-lines.js'
import { embedHandwriting, type PdfFonts } from './fonts.js'
import { COLORS, drawTextLine, lineHeight, TEXT_SIZE } from './layout.js'
import { decoratePages } from './page-decoration.js'
import { layoutQuotePdf, savePdf, type QuotePdfInput } from './quote-pdf.js'
import { PRE_WORK_MENTION } from '@paraphe/shared/quote-mentions'
import type { SignatureArea, SignedBoxes } from './quote-mentions.js'
import type { PDFDocument, PDFPage } from 'pdf-lib'
import type { Stroke } from '@paraphe/shared/signature-drawing'

export interface SignatureRecord {
  signerName: string
  signerEmail: string
  method: 'drawn' | 'typed'
  strokes: Stroke[] | null
  padWidth: number | null
  padHeight: number | null
  typedText: string | null
  mention: string
  preWorkAcknowledged: boolean
  otpVerified: boolean
  signedAt: Date
  clientIp: string
  userAgent: string
  documentSha256: string
}

export interface EvidenceEvent {
  type: string
  occurredAt: Date
  ip: string | null
  userAgent: string | null
}

/** All the recorded views of the signing link; the evidence details the first `detailed` of them. */
export interface ViewSummary {
  count: number
  detailed: number
  first: Date | null
  last: Date | null
  /** Distinct browsers (user agents). */
  devices: number
  addresses: number
}

export interface SignedPdfInput {
  document: QuotePdfInput
  signature: SignatureRecord
  events: readonly EvidenceEvent[]
  /** Absent: every view is among `events`. */
  views?: ViewSummary
  /** The public page where anyone can check the sealed PDF. */
  verificationUrl: string
  /** The seal's certificate is self-signed: the evidence page explains what readers show. */
  selfSignedSeal: boolean
  siteName: string
  /** The host of the RFC 3161 authority that timestamps the seal; null or absent: none. */
  timestampAuthority?: string | null
}

/** The strokes as one SVG path, scaled into the box (pad pixels → PDF points, y flipped by pdf-lib). */
export function strokesPath(
  strokes: readonly Stroke[],
  padWidth: number,
  padHeight: number,
  box: { width: number; height: number }
): { path: string; scale: number } {
  const scale = Math.min(box.width / padWidth, box.height / padHeight)
  const parts: string[] = []
  for (const stroke of strokes) {
    stroke.points.forEach((point, index) => {
      parts.push(`${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)} ${point.y.toFixed(1)}`)
    })
    // A single tap is a dot: a tiny segment makes it visible.
    const only = stroke.points.length === 1 ? stroke.points[0] : undefined
    if (only !== undefined) parts.push(`L${(only.x + 0.5).toFixed(1)} ${only.y.toFixed(1)}`)
  }
  return { path: parts.join(' '), scale }
}

/** The drawing or the typed name, in the signature box (the block around it is quote-mentions.ts). */
async function drawSignature(
  page: PDFPage,
  area: SignatureArea,
  signature: SignatureRecord,
  doc: PDFDocument,
  fonts: PdfFonts
): Promise<void> {
  const inner = { x: area.x + 4, y: area.y + 4, width: area.width - 8, height: area.height - 8 }
  if (signature.method === 'drawn' && signature.strokes !== null && signature.padWidth !== null && signature.padHeight !== null) {
    const { path, scale } = strokesPath(signature.strokes, signature.padWidth, signature.padHeight, inner)
    // drawSvgPath puts the path's origin at (x, y), y downwards: the pad's top-left corner.
    page.drawSvgPath(path, {
      x: inner.x,
      y: inner.y + inner.height,
      scale,
      borderColor: COLORS.accent,
      borderWidth: 1.6 / scale,
      borderLineCap: 1
    })
    return
  }
  const text = fonts.clean(signature.typedText ?? signature.signerName)
  const handwriting = await embedHandwriting(doc)
  // A name the handwriting face cannot draw (another script) is written in the text face.
  const font = handwriting.canDraw(text) ? handwriting.font : fonts.regular
  drawTextLine(
    page,
    text,
    inner.x + 4,
    inner.y + inner.height / 2 - 8,
    { font, size: 24, color: COLORS.accent },
    { width: inner.width - 8 }
  )
}

/** The signed block's boxes and details, as the client filled them in. */
export function signedBoxes(signature: SignatureRecord): SignedBoxes {
  return {
    preWorkAcknowledged: signature.preWorkAcknowledged,
    details: [
      formatDateTimeWithZone(signature.signedAt),
      `« ${signature.mention.trim()} »`,
      `Signé électroniquement par ${signature.signerName}`
    ]
  }
}

function eventRows(events: readonly EvidenceEvent[]): LabelledLine[] {
  return events.map((event) => ({
    label: quoteEventLabel(event.type),
    value: [
      `${formatDateTimeWithZone(event.occurredAt)} — ${event.occurredAt.toISOString()} (UTC)`,
      ...(event.ip === null || event.ip === '' ? [] : [`Adresse IP : ${event.ip}`]),
      ...(event.userAgent === null || event.userAgent === '' ? [] : [`Appareil : ${event.userAgent}`])
    ].join('\n')
  }))
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('fr-FR')} ${count > 1 ? many : one}`

/** Past the detailed views, one line sums them all up (a link's visits must not make the evidence endless). */
export function viewSummaryRows(views: ViewSummary | undefined): LabelledLine[] {
  if (views === undefined || views.count <= views.detailed || views.first === null || views.last === null) return []
  return [
    {
      label: 'Consultations (synthèse)',
      value: [
        `${plural(views.count, 'consultation', 'consultations')} du lien de signature, dont les ${views.detailed} premières détaillées ci-dessus`,
        `Première : ${formatDateTimeWithZone(views.first)} — dernière : ${formatDateTimeWithZone(views.last)}`,
        `${plural(views.devices, 'appareil distinct', 'appareils distincts')}, ${plural(views.addresses, 'adresse IP distincte', 'adresses IP distinctes')}`
      ].join('\n')
    }
  ]
}

export async function composeSignedPdf(input: SignedPdfInput): Promise<Uint8Array> {
  const { signature } = input
  const { doc, fonts, signatureArea, decoration } = await layoutQuotePdf(input.document, {
    signed: signedBoxes(signature),
    decorate: false
  })
  const { quote, company } = input.document
  await drawSignature(doc.getPage(signatureArea.pageIndex), signatureArea, signature, doc, fonts)
  const quotePages = doc.getPageCount()

  const rows: LabelledLine[] = [
    { label: 'Document', value: `Devis ${quote.number ?? ''} — ${quote.title}\n${company.companyName}` },
    { label: 'Signataire', value: `${signature.signerName}\n${signature.signerEmail}` },
    {
      label: 'Méthode',
      value: [
        signature.method === 'drawn' ? 'Signature manuscrite dessinée à l’écran' : 'Nom tapé au clavier comme signature',
        signature.otpVerified
          ? 'Identité confirmée par un code à usage unique envoyé par e-mail'
          : 'Sans code par e-mail (non demandé par l’entreprise)',
        'Devis et conditions acceptés avant la signature (case cochée)',
        ...(signature.preWorkAcknowledged ? [`Mention cochée : « ${PRE_WORK_MENTION} »`] : [])
      ].join('\n')
    },
    { label: 'Mention manuscrite', value: `« ${signature.mention.trim()} », tapée par le signataire` },
    {
      label: 'Date de signature',
      value: `${formatDateTimeWithZone(signature.signedAt)}\n${signature.signedAt.toISOString()} (UTC, horloge du serveur)`
    },
    ...(input.timestampAuthority == null
      ? []
      : [
          {
            label: 'Horodatage',
            value: `Le sceau porte un jeton d’horodatage RFC 3161 de l’autorité ${input.timestampAuthority}, qui date le scellement indépendamment de l’horloge du serveur.`
          }
        ]),
    { label: 'Adresse IP', value: signature.clientIp },
    { label: 'Appareil', value: signature.userAgent === '' ? 'non communiqué' : signature.userAgent },
    { label: 'Empreinte du devis lu', value: `SHA-256 ${signature.documentSha256}\n(le PDF présenté au signataire avant sa signature)` },
    {
      label: 'Vérification',
      value: `Déposez ce PDF sur ${input.verificationUrl} pour vérifier qu’il est bien celui scellé par ${input.siteName}.`
    }
  ]
  const flow = addLabelledLinesPage(doc, fonts, 'Annexe – Dossier de preuve de la signature', rows)
  flow.y -= 6
  flow.ensure(lineHeight(TEXT_SIZE.heading) * 3)
  drawTextLine(flow.page, 'Chronologie', 42, flow.y - TEXT_SIZE.heading, {
    font: fonts.bold,
    size: TEXT_SIZE.heading,
    color: COLORS.accent
  })
  flow.y -= lineHeight(TEXT_SIZE.heading) + 2
  drawLabelledLines(flow, [...eventRows(input.events), ...viewSummaryRows(input.views)])
  flow.y -= 6
  flow.paragraph(
    fonts.clean(
      `Ce document est scellé électroniquement par ${input.siteName} (signature PAdES) : toute modification après le scellement rend le sceau invalide. ` +
        (input.selfSignedSeal
          ? 'Le certificat du sceau est propre à ce service et n’est pas émis par une autorité reconnue : certains lecteurs PDF (Adobe Acrobat) affichent alors « signataire inconnu » ou « validité inconnue ». Cela ne signifie pas que le document a été modifié : vérifiez-le sur la page de vérification indiquée ci-dessus, ou avec un outil qui contrôle l’intégrité (par exemple pdfsig), qui doit indiquer une signature valide couvrant tout le document.'
          : 'Le lecteur PDF peut afficher le détail du certificat du sceau dans son panneau des signatures.')
    ),
    { font: fonts.regular, size: TEXT_SIZE.small, color: COLORS.muted }
  )
  // One file, one numbering: the quote's pages then the annex's run on (« Page 3 / 3 »).
  const pages = doc.getPages()
  const numbering = { first: 1, total: pages.length }
  decoratePages(pages.slice(0, quotePages), fonts, decoration, numbering)
  decoratePages(
    pages.slice(quotePages),
    fonts,
    {
      footer: `Annexe : dossier de preuve — devis ${quote.number ?? ''} — ${company.companyName}`,
      runningHeader: `Annexe : dossier de preuve — devis ${quote.number ?? ''}`,
      draftBanner: null
    },
    { first: quotePages + 1, total: pages.length }
  )
  return savePdf(doc)
}
