// What turns a pdf-lib document into a Factur-X PDF/A-3b: the XML attached as `factur-x.xml`
// (AFRelationship Data, listed in the catalog's /AF — pdf-lib's attach does both), the XMP
// metadata (pdfaid part 3 conformance B, the Factur-X extension schema and its values), an sRGB
// output intent (GTS_PDFA1) with the ICC profile of icc-profiles-free (Zlib licence, beside it in
// gateway/assets/icc) and the trailer /ID. Dates come from the invoice, not the clock, and the ID
// from its content: the same invoice gives the same bytes.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { AFRelationship, PDFHexString, PDFName, PDFString, type PDFDocument } from 'pdf-lib'
import { create } from 'xmlbuilder2'

export const FACTURX_FILE_NAME = 'factur-x.xml'
export const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#'

// gateway/assets from gateway/src/invoices/facturx (tests) and gateway/dist/invoices/facturx alike.
const ICC_PROFILE = new URL('../../../assets/icc/sRGB.icc', import.meta.url)
let iccProfile: Promise<Uint8Array> | undefined

export interface PdfaInfo {
  title: string
  author: string
  subject: string
  creator: string
  /** Creation and modification date of the document and of the attachment. */
  date: Date
}

/** The XMP packet: Dublin Core and XMP basics mirroring the Info dictionary, PDF/A-3B, Factur-X. */
export function xmpMetadata(info: PdfaInfo): string {
  const isoDate = info.date.toISOString().replace(/\.\d{3}Z$/, 'Z')
  const property = (name: string, valueType: string, description: string) => ({
    'pdfaProperty:name': name,
    'pdfaProperty:valueType': valueType,
    'pdfaProperty:category': 'external',
    'pdfaProperty:description': description
  })
  const rdf = {
    'x:xmpmeta': {
      '@xmlns:x': 'adobe:ns:meta/',
      'rdf:RDF': {
        '@xmlns:rdf': 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
        'rdf:Description': [
          {
            '@rdf:about': '',
            '@xmlns:pdfaid': 'http://www.aiim.org/pdfa/ns/id/',
            'pdfaid:part': '3',
            'pdfaid:conformance': 'B'
          },
          {
            '@rdf:about': '',
            '@xmlns:dc': 'http://purl.org/dc/elements/1.1/',
            'dc:format': 'application/pdf',
            'dc:title': { 'rdf:Alt': { 'rdf:li': { '@xml:lang': 'x-default', '#': info.title } } },
            'dc:creator': { 'rdf:Seq': { 'rdf:li': info.author } },
            'dc:description': { 'rdf:Alt': { 'rdf:li': { '@xml:lang': 'x-default', '#': info.subject } } }
          },
          {
            '@rdf:about': '',
            '@xmlns:xmp': 'http://ns.adobe.com/xap/1.0/',
            'xmp:CreatorTool': info.creator,
            'xmp:CreateDate': isoDate,
            'xmp:ModifyDate': isoDate,
            'xmp:MetadataDate': isoDate
          },
          { '@rdf:about': '', '@xmlns:pdf': 'http://ns.adobe.com/pdf/1.3/', 'pdf:Producer': info.creator },
          {
            '@rdf:about': '',
            '@xmlns:fx': FACTURX_NAMESPACE,
            'fx:DocumentType': 'INVOICE',
            'fx:DocumentFileName': FACTURX_FILE_NAME,
            'fx:Version': '1.0',
            'fx:ConformanceLevel': 'EN 16931'
          },
          {
            // PDF/A allows only declared schemas: the Factur-X one is declared here (its
            // namespace, prefix and four properties), as the Factur-X specification gives it.
            '@rdf:about': '',
            '@xmlns:pdfaExtension': 'http://www.aiim.org/pdfa/ns/extension/',
            '@xmlns:pdfaSchema': 'http://www.aiim.org/pdfa/ns/schema#',
            '@xmlns:pdfaProperty': 'http://www.aiim.org/pdfa/ns/property#',
            'pdfaExtension:schemas': {
              'rdf:Bag': {
                'rdf:li': {
                  '@rdf:parseType': 'Resource',
                  'pdfaSchema:schema': 'Factur-X PDFA Extension Schema',
                  'pdfaSchema:namespaceURI': FACTURX_NAMESPACE,
                  'pdfaSchema:prefix': 'fx',
                  'pdfaSchema:property': {
                    'rdf:Seq': {
                      'rdf:li': [
                        { '@rdf:parseType': 'Resource', ...property('DocumentFileName', 'Text', 'The name of the embedded XML document') },
                        {
                          '@rdf:parseType': 'Resource',
                          ...property('DocumentType', 'Text', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')
                        },
                        {
                          '@rdf:parseType': 'Resource',
                          ...property('Version', 'Text', 'The actual version of the standard applying to the embedded XML document')
                        },
                        {
                          '@rdf:parseType': 'Resource',
                          ...property('ConformanceLevel', 'Text', 'The conformance level of the embedded XML document')
                        }
                      ]
                    }
                  }
                }
              }
            }
          }
        ]
      }
    }
  }
  const body = create(rdf).end({ headless: true })
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n${body}\n<?xpacket end="w"?>`
}

/** Makes `doc` a Factur-X PDF/A-3b carrying `xml`. Call once, before saving. */
export async function makeFacturXPdfA(doc: PDFDocument, xml: string, info: PdfaInfo): Promise<void> {
  const { context, catalog } = doc
  doc.setTitle(info.title, { showInWindowTitleBar: true })
  doc.setAuthor(info.author)
  doc.setSubject(info.subject)
  doc.setCreator(info.creator)
  doc.setProducer(info.creator)
  doc.setCreationDate(info.date)
  doc.setModificationDate(info.date)
  doc.setLanguage('fr-FR')

  const xmlBytes = new TextEncoder().encode(xml)
  await doc.attach(xmlBytes, FACTURX_FILE_NAME, {
    mimeType: 'text/xml',
    description: 'Factur-X invoice (EN 16931)',
    creationDate: info.date,
    modificationDate: info.date,
    afRelationship: AFRelationship.Data
  })

  // The metadata stream stays unfiltered: PDF/A readers must find the XMP as plain text.
  const metadata = context.stream(new TextEncoder().encode(xmpMetadata(info)), { Type: 'Metadata', Subtype: 'XML' })
  catalog.set(PDFName.of('Metadata'), context.register(metadata))

  iccProfile ??= readFile(ICC_PROFILE).then((bytes) => new Uint8Array(bytes))
  const profile = context.flateStream(await iccProfile, { N: 3 })
  const outputIntent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    RegistryName: PDFString.of('http://www.color.org'),
    DestOutputProfile: context.register(profile)
  })
  catalog.set(PDFName.of('OutputIntents'), context.obj([outputIntent]))

  // Both halves of the /ID are the same at creation; derived from the XML (which holds the
  // number, the amounts and the parties), so a re-render of the same invoice keeps its ID.
  const id = createHash('sha256').update(xmlBytes).digest('hex').slice(0, 32).toUpperCase()
  context.trailerInfo.ID = context.obj([PDFHexString.of(id), PDFHexString.of(id)])
}
