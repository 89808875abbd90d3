// The process: validated config, logger, listen, graceful shutdown.
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import closeWithGrace from 'close-with-grace'
import Fastify from 'fastify'
import app, { serverOptions } from './app.js'
import { logRedaction } from './http/log-redaction.js'
import { BACKUP_ERROR, BACKUP_REQUEST, writeBackup } from './backup/embedded-backup.js'
import { DataDirLockedError } from './db/data-dir-lock.js'
import { loadConfig, type ConfigError, type Config } from './config.js'

function readConfig(): Config {
  try {
    return loadConfig(process.env)
  } catch (error) {
    // loadConfig only throws ConfigError: the operator gets the list, not a stack trace.
    process.stderr.write(`${(error as ConfigError).message}\nSee the configuration table in README.md.\n`)
    process.exit(1)
  }
}

const config = readConfig()
const fastify = Fastify({
  ...serverOptions(config),
  logger: {
    level: config.logLevel,
    ...logRedaction,
    // JSON for machines; readable lines when a developer watches a terminal.
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {})
  }
})

try {
  await fastify.register(app, { config })
} catch (error) {
  if (error instanceof DataDirLockedError) {
    // The operator's mistake, not a crash: the message, no stack trace.
    process.stderr.write(`${error.message}\n`)
  } else {
    fastify.log.fatal({ err: error }, 'could not start')
  }
  process.exit(1)
}

// SIGUSR2 asks for a backup (below), not a shutdown.
closeWithGrace({ delay: config.shutdownGraceMs, skip: ['SIGUSR2'] }, async ({ signal, err }) => {
  if (err !== undefined) fastify.log.error({ err }, 'shutting down after an error')
  else fastify.log.info({ signal }, 'shutting down: finishing requests in flight')
  // Readiness 503, Connection: close, idle connections closed; resolves when none is left.
  await fastify.shutdown.drain()
  await fastify.close()
  fastify.log.info('stopped')
})

try {
  await fastify.listen({ host: config.host, port: config.port })
} catch (error) {
  fastify.log.fatal({ err: error }, 'could not listen')
  process.exit(1)
}

// The seal's certificate now rather than at the first signature: a wrong SIGNING_P12 passphrase
// shows in the first lines of the log, and the self-signed one exists from the first start.
try {
  const seal = await fastify.sealCertificate()
  fastify.log.info(
    { subject: seal.subject, selfSigned: seal.selfSigned, sha256: seal.fingerprintSha256, notAfter: seal.notAfter },
    'seal certificate ready'
  )
} catch (error) {
  fastify.log.error({ err: error }, 'the seal certificate cannot be used: signed quotes will not be sealed until this is fixed')
}

// `npm run backup` on the embedded default: the copy is taken here, by the process that holds
// the database, between two queries; the command waits for the manifest (or the error file).
if (config.database.url === null) {
  process.on('SIGUSR2', () => {
    void (async () => {
      const { dataDir } = config.database
      try {
        const request = JSON.parse(await readFile(path.join(dataDir, BACKUP_REQUEST), 'utf8')) as { target: string }
        await rm(path.join(dataDir, BACKUP_REQUEST), { force: true })
        const dump = fastify.db.dumpDataDir
        if (dump === undefined) throw new Error('this database cannot be dumped')
        await writeBackup(dump, dataDir, request.target)
        fastify.log.info({ target: request.target }, 'backup written')
      } catch (error) {
        fastify.log.error({ err: error }, 'backup failed')
        await writeFile(
          path.join(dataDir, BACKUP_ERROR),
          `La sauvegarde a échoué : ${error instanceof Error ? error.message : String(error)}\n`
        ).catch(() => {})
      }
    })()
  })
}
