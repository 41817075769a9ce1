import { describe, expect, it } from 'vitest'
import { describeNetworkError, networkErrorCode, networkFailureCode } from './networkFailure.js'

const withCode = (code: string, message = code): Error => Object.assign(new Error(message), { code })

describe('networkFailureCode', () => {
  it('maps raw codes to the harness meaning', () => {
    expect(networkFailureCode(withCode('ECONNREFUSED'), false)).toBe('L2CONF_ERR_UNREACHABLE')
    expect(networkFailureCode(withCode('ENOTFOUND'), false)).toBe('L2CONF_ERR_UNREACHABLE')
    expect(networkFailureCode(withCode('UND_ERR_CONNECT_TIMEOUT'), false)).toBe('L2CONF_ERR_TIMEOUT')
    expect(networkFailureCode(withCode('DEPTH_ZERO_SELF_SIGNED_CERT'), false)).toBe('L2CONF_ERR_TLS')
    expect(networkFailureCode(withCode('ERR_SSL_WRONG_VERSION_NUMBER'), false)).toBe('L2CONF_ERR_TLS')
    expect(networkFailureCode(withCode('UND_ERR_HEADERS_OVERFLOW'), true)).toBe('L2CONF_ERR_RESPONSE_TOO_LARGE')
    expect(networkFailureCode(withCode('HPE_INVALID_CONSTANT'), true)).toBe('L2CONF_ERR_BAD_RESPONSE')
    expect(networkFailureCode(Object.assign(new Error('not HTTP'), { name: 'HTTPParserError' }), true)).toBe('L2CONF_ERR_BAD_RESPONSE')
    expect(networkFailureCode(withCode('UND_ERR_CLOSED'), false)).toBe('L2CONF_ERR_CLOSED')
  })

  it('calls a reset CLOSED once connected, UNREACHABLE before', () => {
    expect(networkFailureCode(withCode('ECONNRESET'), true)).toBe('L2CONF_ERR_CLOSED')
    expect(networkFailureCode(withCode('ECONNRESET'), false)).toBe('L2CONF_ERR_UNREACHABLE')
    expect(networkFailureCode(withCode('UND_ERR_SOCKET', 'other side closed'), true)).toBe('L2CONF_ERR_CLOSED')
  })

  it('looks into AggregateError and cause (multi-address connects, wrapped errors)', () => {
    const aggregate = new AggregateError(
      [withCode('ECONNREFUSED', 'connect ECONNREFUSED ::1:1'), withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1')],
      '',
    )
    expect(networkFailureCode(aggregate, false)).toBe('L2CONF_ERR_UNREACHABLE')
    expect(describeNetworkError(aggregate)).toBe('connect ECONNREFUSED ::1:1; connect ECONNREFUSED 127.0.0.1:1')
    expect(describeNetworkError(withCode('UND_ERR_SOCKET', 'other side closed'))).toBe('UND_ERR_SOCKET: other side closed')
    expect(networkFailureCode(Object.assign(new Error('wrapped'), { code: 'UND_ERR_SOCKET', cause: withCode('EPIPE') }), true)).toBe('L2CONF_ERR_CLOSED')
  })
})

describe('networkErrorCode and OpenSSL errors', () => {
  const openssl = '80DC89E0CB7F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:\n'

  it('gives the raw code behind the harness code, through AggregateError and cause', () => {
    expect(networkErrorCode(withCode('CERT_HAS_EXPIRED', 'certificate has expired'))).toBe('CERT_HAS_EXPIRED')
    expect(networkErrorCode(new AggregateError([withCode('ECONNREFUSED')], ''))).toBe('ECONNREFUSED')
    expect(networkErrorCode(Object.assign(new Error('wrapped'), { code: 'UND_ERR_SOCKET', cause: withCode('ERR_TLS_CERT_ALTNAME_INVALID') }))).toBe(
      'ERR_TLS_CERT_ALTNAME_INVALID',
    )
    expect(networkErrorCode(new Error('no code'))).toBeUndefined()
  })

  it('reduces OpenSSL queue text to its reason, on one line', () => {
    expect(describeNetworkError(withCode('ERR_SSL_WRONG_VERSION_NUMBER', openssl))).toBe('ERR_SSL_WRONG_VERSION_NUMBER: wrong version number')
    expect(describeNetworkError(withCode('EPROTO', `write EPROTO ${openssl}`))).toBe('write EPROTO wrong version number')
    expect(networkFailureCode(withCode('EPROTO', `write EPROTO ${openssl}`), false)).toBe('L2CONF_ERR_TLS')
  })
})
