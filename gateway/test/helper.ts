// Builds the gateway the way server.ts does, for inject() and loopback tests.
import Fastify, { type FastifyInstance } from 'fastify'
import app, { serverOptions } from '../src/app.js'
import { loadConfig, type Config } from '../src/config.js'

export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env })
}

export async function buildApp(env: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
  const config = testConfig(env)
  const fastify = Fastify({ ...serverOptions(config), logger: { level: config.logLevel } })
  await fastify.register(app, { config })
  await fastify.ready()
  return fastify
}
