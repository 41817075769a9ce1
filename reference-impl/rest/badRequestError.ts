/** A request the service refuses with 400 BAD_REQUEST; the message names the offending parameter. */
export class BadRequestError extends Error {
  override readonly name = 'BadRequestError'
}
