// Route schemas compiled on their route's first request rather than at start: compiling the
// validators (ajv) and serializers (fast-json-stringify) of every route took about a second of
// each start, most of it for routes a given process may never serve. The compilers are
// Fastify's own defaults with the same options, so requests are checked and answered as before.
import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler'
import SerializerSelector, { type Serializer, type SerializerFactory } from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>
type Validate = ReturnType<ReturnType<BuildCompilerFromPool>>

const defaultValidatorBuilder = AjvCompiler()
const defaultSerializerBuilder = SerializerSelector()

const buildValidator: BuildCompilerFromPool = (externalSchemas, options) => {
  const compile = defaultValidatorBuilder(externalSchemas, options)
  return (route) => {
    let validate: Validate | undefined
    // Only called, and its errors read, by Fastify: ajv's other fields are not needed.
    const lazy = ((data: unknown) => {
      validate ??= compile(route)
      const result = validate(data)
      // Fastify reads the errors off the function it was given.
      lazy.errors = validate.errors
      return result
    }) as Validate
    return lazy
  }
}

const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = defaultSerializerBuilder(externalSchemas, options)
  return (route) => {
    let serialize: Serializer | undefined
    return (data) => (serialize ??= compile(route))(data)
  }
}

export const lazySchemaCompilers: CompilersFactory = { buildValidator, buildSerializer }
