// Module resolution hooks (node:module register): a line on stderr for each import of a client library.
const LIBRARY = /^(viem|ethers|web3)(\/|$)/

export async function resolve(specifier, context, nextResolve) {
  if (LIBRARY.test(specifier)) process.stderr.write(`l2conf-trace: import ${specifier}\n`)
  return nextResolve(specifier, context)
}
