import t from 'tap'
import { gunzipSync } from 'node:zlib'
import { fillGzipTemplate, gzipTemplate } from '../../src/site/compress.js'

t.test('a gzip body assembled around a filler decodes to the filled text, whatever the filler', async (t) => {
  const parts = ['<html><p>Page not found: ', '</p><p>', '</p></html>'].map((part) => Buffer.from(part.repeat(20)))
  const template = gzipTemplate(parts)
  for (const filler of ['', '/absente', 'é'.repeat(40_000), 'x'.repeat(140_000)]) {
    const body = fillGzipTemplate(template, Buffer.from(filler))
    const expected = parts.map((part) => part.toString()).join(filler)
    t.equal(gunzipSync(body).toString(), expected, `filler of ${Buffer.byteLength(filler)} bytes`)
  }
  t.equal(
    gunzipSync(fillGzipTemplate(gzipTemplate([Buffer.from(''), Buffer.from('')]), Buffer.from(''))).toString(),
    '',
    'empty parts and filler'
  )
  const single = gzipTemplate([Buffer.from('sans emplacement')])
  t.equal(gunzipSync(fillGzipTemplate(single, Buffer.from('ignoré'))).toString(), 'sans emplacement')
})
