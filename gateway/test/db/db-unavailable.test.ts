// Which failures are « the database cannot be reached right now » (a French 503 with
// Retry-After) and which stay errors of the query itself (a 500, details in the log).
import t from 'tap'
import { isDatabaseUnavailable } from '../../src/db/unavailable.js'

const withCode = (code: string, message = 'failure') => Object.assign(new Error(message), { code })

t.test('lost or refused connections are unavailability', async (t) => {
  t.ok(isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command')), 'a terminated backend')
  t.ok(isDatabaseUnavailable(withCode('57P03', 'the database system is starting up')), 'a server still starting')
  t.ok(isDatabaseUnavailable(withCode('08006')), 'a connection failure (class 08)')
  t.ok(isDatabaseUnavailable(withCode('53300', 'sorry, too many clients already')), 'no connection slot left')
  t.ok(isDatabaseUnavailable(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')), 'a server not listening')
  t.ok(isDatabaseUnavailable(new Error('Connection terminated unexpectedly')), "node-postgres's message for a dropped socket")
  t.ok(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect')), 'no connection within the pool timeout')
  t.ok(isDatabaseUnavailable(new Error('the send failed', { cause: withCode('ECONNRESET') })), 'through an error’s cause')
})

t.test('errors of the query itself are not', async (t) => {
  t.notOk(isDatabaseUnavailable(withCode('23505', 'duplicate key value violates unique constraint')), 'a constraint')
  t.notOk(isDatabaseUnavailable(withCode('42601', 'syntax error')), 'a syntax error')
  t.notOk(isDatabaseUnavailable(new Error('Ce devis est introuvable.')), 'an application error')
  t.notOk(isDatabaseUnavailable('Connection terminated'), 'a thrown string')
  t.notOk(isDatabaseUnavailable(withCode('P0001', 'Connection terminated by the trigger')), 'a message that only looks alike: code first')
})
