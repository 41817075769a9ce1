// A yardstick for the latest-block benchmark: a plain node:http server, written the way most Node.js
// servers are (no loader, no framework), that reads each POST body to its end and answers the text it
// was given, with the reference's response headers. It does no JSON-RPC work at all, so it shows what
// Node.js's HTTP server costs on this machine under the same load generator, apart from the node.
// Usage: node bench/fixedAnswerServer.mjs ANSWER_TEXT; prints "listening on 127.0.0.1:PORT" once it
// listens; exits on SIGTERM.
import { createServer } from 'node:http'

const answer = process.argv[2] ?? ''
const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer), 'access-control-allow-origin': '*' }

const server = createServer((request, response) => {
  request.on('data', () => undefined)
  request.on('end', () => {
    response.writeHead(200, headers)
    response.end(answer)
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`listening on 127.0.0.1:${address.port}\n`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))
