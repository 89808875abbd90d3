// The one look of the e-mails the gateway sends: a plain-text version and an HTML version built
// from the same blocks, so they always say the same thing. Every value is escaped here; callers
// pass plain text, never HTML.
import { escapeHtml } from '@paraphe/shared/html-text'

export type EmailBlock =
  /** A paragraph of our own text. */
  | { type: 'paragraph'; text: string }
  /** Label–value pairs (name, e-mail, amount…); a value may span several lines. */
  | { type: 'facts'; rows: ReadonlyArray<{ label: string; value: string }> }
  /** Someone else's words (a visitor's message, a decline reason), set apart from ours. */
  | { type: 'quote'; text: string }
  /** A button; the address is also written out in full for mail apps that hide buttons. */
  | { type: 'action'; label: string; url: string }
  /** Small print under the main content. */
  | { type: 'note'; text: string }

/** Who sends: the instance's name and public address (config.runtime.siteName, config.publicUrl). */
export interface SiteIdentity {
  siteName: string
  siteUrl: string | URL
}

export interface EmailLayout {
  siteName: string
  /** The site's public address, linked in the footer. */
  siteUrl: string | URL
  /** First line of the text version, <h1> of the HTML one. */
  heading: string
  blocks: readonly EmailBlock[]
  /** Why the recipient receives this e-mail, at the bottom. */
  footer?: string
  /** The sender's logo above the heading (an inline attachment, see emailLogo), on the plans that have it. */
  logo?: { cid: string; alt: string }
}

export interface RenderedEmail {
  text: string
  html: string
}

/** What enqueueEmail needs from a template, beside the recipient. */
export interface EmailContent extends RenderedEmail {
  subject: string
}

/** French typography: a narrow no-break space before the colon. */
export const COLON = '\u202f:'

const COLORS = { ink: '#1f2933', muted: '#52606d', brand: '#1f3a5f', page: '#f5f7fa', rule: '#d9dee5' } as const

/** Only web links may become buttons: anything else (javascript:, data:) is a programming error. */
function webUrl(url: string): string {
  const parsed = new URL(url)
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`e-mail link must be http(s): ${url}`)
  return parsed.href
}

/** Escaped, line breaks kept. */
function htmlLines(text: string): string {
  return escapeHtml(text.replace(/\r\n?/g, '\n')).replaceAll('\n', '<br>')
}

function textBlock(block: EmailBlock): string {
  switch (block.type) {
    case 'paragraph':
    case 'note':
      return block.text
    case 'facts':
      // Continuation lines are indented under their label.
      return block.rows.map(({ label, value }) => `${label}${COLON} ${value.replace(/\r?\n/g, '\n  ')}`).join('\n')
    case 'quote':
      // Every line prefixed: the quoted text can never pass for ours.
      return block.text
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n')
    case 'action':
      return `${block.label}${COLON}\n${webUrl(block.url)}`
  }
}

function htmlBlock(block: EmailBlock): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${htmlLines(block.text)}</p>`
    case 'note':
      return `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${COLORS.muted}">${htmlLines(block.text)}</p>`
    case 'facts': {
      const rows = block.rows
        .map(
          ({ label, value }) =>
            `<tr><th scope="row" style="padding:4px 12px 4px 0;text-align:left;vertical-align:top;font-weight:normal;color:${COLORS.muted};white-space:nowrap">${escapeHtml(label)}</th>` +
            `<td style="padding:4px 0;vertical-align:top">${htmlLines(value)}</td></tr>`
        )
        .join('')
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px;line-height:1.4">${rows}</table>`
    }
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${COLORS.rule};background:${COLORS.page};font-size:15px;line-height:1.5;white-space:normal">${htmlLines(block.text)}</blockquote>`
    case 'action': {
      const href = escapeHtml(webUrl(block.url))
      return (
        `<p style="margin:8px 0 16px"><a href="${href}" style="display:inline-block;padding:12px 20px;background:${COLORS.brand};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:${COLORS.muted}">Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur${COLON}<br><a href="${href}" style="color:${COLORS.brand};word-break:break-all">${href}</a></p>`
      )
    }
  }
}

/** The text and HTML versions of an e-mail made of `layout.blocks`. */
export function renderEmailLayout(layout: EmailLayout): RenderedEmail {
  const siteUrl = webUrl(String(layout.siteUrl))
  const footer = [layout.footer, `${layout.siteName} · ${siteUrl}`].filter((line) => line !== undefined)

  const text = [layout.heading, '', ...layout.blocks.flatMap((block) => [textBlock(block), '']), '-- ', ...footer, ''].join('\n')

  const html = `<!doctype html>
<html lang="fr">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(layout.heading)}</title></head>
  <body style="margin:0;padding:24px;background:${COLORS.page};font-family:Arial,Helvetica,sans-serif;color:${COLORS.ink}">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px">
      <tr><td style="padding:32px">
        ${layout.logo === undefined ? '' : `<p style="margin:0 0 16px"><img src="cid:${escapeHtml(layout.logo.cid)}" alt="${escapeHtml(layout.logo.alt)}" style="display:block;max-width:200px;max-height:80px;width:auto;height:auto"></p>`}
        <p style="margin:0 0 16px;font-size:14px;color:${COLORS.muted}">${escapeHtml(layout.siteName)}</p>
        <h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:${COLORS.brand}">${escapeHtml(layout.heading)}</h1>
        ${layout.blocks.map(htmlBlock).join('\n        ')}
      </td></tr>
      <tr><td style="padding:16px 32px;border-top:1px solid ${COLORS.rule};font-size:12px;line-height:1.5;color:${COLORS.muted}">
        ${footer.map((line, index) => (index === footer.length - 1 ? `<a href="${escapeHtml(siteUrl)}" style="color:${COLORS.muted}">${escapeHtml(layout.siteName)}</a>` : htmlLines(line))).join('<br>')}
      </td></tr>
    </table>
  </body>
</html>
`
  return { text, html }
}
