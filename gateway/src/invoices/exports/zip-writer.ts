// A ZIP archive (PKWARE APPNOTE 6.3, no ZIP64) of a few files, with Node's own zlib: raw deflate
// and CRC-32. Written here rather than taken from npm because the need is this small (files
// held in memory, well under 4 GiB, written once): about fifty lines, no dependency to keep up.
import { crc32, deflateRawSync } from 'node:zlib'

export interface ZipEntry {
  name: string
  data: Uint8Array
  modified: Date
}

/** MS-DOS date and time, as the archive's headers hold them (two-second steps, local fields). */
function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(1980, date.getUTCFullYear())
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate()
  }
}

export function zipArchive(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const deflated = deflateRawSync(entry.data)
    // PDFs are mostly compressed already: store a file when deflating does not make it smaller.
    const stored = deflated.length >= entry.data.length
    const body = stored ? Buffer.from(entry.data) : deflated
    const crc = crc32(entry.data) >>> 0
    const { time, day } = dosDateTime(entry.modified)
    const common = Buffer.alloc(26)
    common.writeUInt16LE(20, 0) // version needed: 2.0
    common.writeUInt16LE(0x0800, 2) // bit 11: the name is UTF-8
    common.writeUInt16LE(stored ? 0 : 8, 4)
    common.writeUInt16LE(time, 6)
    common.writeUInt16LE(day, 8)
    common.writeUInt32LE(crc, 10)
    common.writeUInt32LE(body.length, 14)
    common.writeUInt32LE(entry.data.length, 18)
    common.writeUInt16LE(name.length, 22)
    common.writeUInt16LE(0, 24) // no extra field
    const local = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), common, name, body])
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(0x0314, 4) // made by: Unix, 2.0
    common.copy(central, 6)
    // comment length, disk number, internal attributes: 0
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38) // external attributes: a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42)
    locals.push(local)
    centrals.push(Buffer.concat([central, name]))
    offset += local.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}
