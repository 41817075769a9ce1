import { boundedJson, boundedText } from '../checks/boundedJson.js'
import { firstDifference } from '../checks/firstDifference.js'
import { checkEnvelope } from '../checks/envelopeFindings.js'
import type { Finding } from '../checks/finding.js'
import { checkResult } from '../checks/outcomeFindings.js'
import { outcomeOf } from '../checks/outcomeOf.js'
import type { Validate } from '../spec/validationIssue.js'
import type { Exchange } from '../transport/exchange.js'
import { requirement } from './requirement.js'
import type { CheckDefinition } from '../run/registry.js'
import { historyAccount, historyHead, historyCode, historyCall, historyLogs, historyProof } from '../scenarios/historyScenarios.js'
import type { RunContext } from '../run/runContext.js'
import { checkTransactionPlacement } from './RPC-STANDARD.placement.js'
import { chainHead } from '../scenarios/chainHead.js'
import { newestBlockWithTransactions } from '../scenarios/newestBlockWithTransactions.js'
import { checkSealKnown } from './RPC-STANDARD.seal.js'
import { checkHabit } from './RPC-STANDARD.habit.js'
import { toQuantity } from '../generate/toQuantity.js'
import type { DeclarationScope } from '../run/registry.js'
import { deriveSeed } from '../generate/seededRun.js'
import { seededFindings } from '../generate/seededFindings.js'
import { leaveOut, specName } from '../run/undeclared.js'
import { liveParams, sampledChain } from '../scenarios/liveSample.js'
import { searchedText } from '../scenarios/historySearch.js'
import { generatesParams, readOnlyStandardMethods } from '../scenarios/methodKinds.js'
import { paramsArbitrary } from '../scenarios/paramsArbitrary.js'
import { mayBeUnheldData, namedChainData, unheldChainData } from '../scenarios/unheldChainData.js'

/** RPC-STANDARD: the standard methods openrpc.json lists answer as their result schemas say. */
export const row = requirement({
  id: 'RPC-STANDARD',
  level: 'MUST',
  // SHOULD: a result that Ethereum's own schema allows but deployed nodes answer narrower (x-should).
  levels: ['MUST', 'SHOULD'],
  text: "each standard method in openrpc.json answers within its result schema, and as the chain's history says at the block asked (state, logs, proofs; a head that never goes back); a result's narrower habit (x-should) at SHOULD",
  section: '4.2 (standard methods)',
})

/** How many transactions of the sampled block are looked up by hash (standard.transaction-placement). */
export const PLACED_TRANSACTIONS = 3

/** How often "latest" is compared with the head block before the check gives up as inconclusive (the head keeps moving). */
export const LATEST_ATTEMPTS = 3

const idOf = (exchange: Exchange): unknown => (exchange.request as { id?: unknown } | null)?.id

/** An example call (or any call that must succeed): a well-formed envelope and a result valid against the method's result schema. */
export function checkValidAnswer(exchange: Exchange, validate: Validate, what: string): Finding[] {
  return [...checkEnvelope(exchange, idOf(exchange)), ...checkResult(exchange, validate, what).findings]
}

/**
 * A call with values of the target's own chain: as checkValidAnswer, and the result is not null (it
 * names a block, transaction or account that exists there).
 */
export function checkLiveAnswer(exchange: Exchange, validate: Validate, what: string): Finding[] {
  const envelope = checkEnvelope(exchange, idOf(exchange))
  const { findings, value } = checkResult(exchange, validate, what)
  if (findings.length === 0 && value === null)
    findings.push({ kind: 'wrong-value', message: `${what} answered null for something that exists on the chain`, exchange, pointer: '/result', got: null })
  return [...envelope, ...findings]
}

/** A call with generated valid params: a well-formed envelope, and a result (when there is one) valid against the schema; an error is allowed. */
export function checkGeneratedAnswer(exchange: Exchange, validate: Validate, what: string): Finding[] {
  const findings = checkEnvelope(exchange, idOf(exchange))
  if (findings.length === 0 && outcomeOf(exchange).kind === 'result') findings.push(...checkResult(exchange, validate, what).findings)
  return findings
}

/** What a live call is described as in findings: the method and its params, bounded. */
export function liveCallName(method: string, params: unknown[]): string {
  return `${method} ${boundedJson(params, 160)}`
}

/** An account read at a block: its address, the method read (eth_getBalance, eth_getTransactionCount), and the block. */
export interface StateRead {
  method: string
  address: string
  block: { number: string; hash: string }
}

/** The state read by block hash (EIP-1898) equals the state read by that block's number. */
export function checkSameByHash(read: StateRead, byNumber: unknown, byHash: { exchange: Exchange; value: unknown }): Finding[] {
  if (firstDifference(byHash.value, byNumber) === null) return []
  return [
    {
      kind: 'inconsistent',
      message: `${read.method} for ${read.address} at block ${read.block.number} answers ${boundedText(byNumber, 70)} by number but ${boundedText(byHash.value, 70)} by its hash ${read.block.hash}`,
      exchange: byHash.exchange,
      expected: byNumber,
      got: byHash.value,
    },
  ]
}

/** The state read at "latest" equals the state at the head block it named (the head did not move in between). */
export function checkSameAtLatest(read: Omit<StateRead, 'block'>, head: number, atHead: unknown, latest: { exchange: Exchange; value: unknown }): Finding[] {
  if (firstDifference(latest.value, atHead) === null) return []
  return [
    {
      kind: 'inconsistent',
      message: `${read.method} for ${read.address} answers ${boundedText(latest.value, 70)} at "latest" but ${boundedText(atHead, 70)} at the head block ${head}`,
      exchange: latest.exchange,
      expected: atHead,
      got: latest.value,
    },
  ]
}

// The chain's history (harness/scenarios/historyScenarios.ts): state read at a block follows that block; logs are exactly
// a range's; the head never goes back; proofs prove the root of the block asked.

export { checkDiffer, checkExpected, checkSameBlock as checkSameStateByForm, readValue, type Expected, type HistoryRead } from './RPC-STANDARD.history.js'

export { checkRangeLogs } from './RPC-STANDARD.history.js'

export { checkHeadServed, checkHeadsForward, headNamed, headsOfBatch, type HeadSample } from './RPC-STANDARD.history.js'

export { checkProof, EMPTY_CODE_HASH, type ProofAsked } from './RPC-STANDARD.proof.js'
export { checkHabit } from './RPC-STANDARD.habit.js'
export {
  BALANCE_OF,
  HEAD_FRESH_MS,
  HEAD_POLL_MS,
  HEAD_REREAD_MS,
  HEAD_SAMPLES,
  HEAD_WATCH_MS,
  LOG_BLOCKS_WANTED,
  LOG_RANGE_BLOCKS,
  LOG_RANGE_RECEIPTS,
  PROOF_SLOTS,
  STORAGE_SLOTS_SEARCHED,
} from '../scenarios/historyScenarios.js'

type Json = Record<string, unknown>

/** One call's answer: its exchange, its result (undefined when it answered none) and whether it did not. */
async function answer(context: RunContext, method: string, params: unknown[]): Promise<{ exchange: Exchange; value: unknown; error: boolean }> {
  const exchange = await context.http!.call(method, params)
  const outcome = outcomeOf(exchange)
  return { exchange, value: outcome.kind === 'result' ? outcome.value : undefined, error: outcome.kind !== 'result' }
}

/**
 * RPC-STANDARD's checks. The chain's history (harness/scenarios/historyScenarios.ts): state read at a
 * past block is that block's state, logs are exactly a range's, the head never goes back, proofs
 * prove the root of the block asked; those that may make history of their own in the full profile
 * wait for the chain and send from the run's key.
 */
export function checks(scope: DeclarationScope): CheckDefinition[] {
  return [
    ...methodChecks(scope),
    // The pending block of the standard methods.
    {
      id: 'standard.pending-block',
      title:
        'eth_getBlockByNumber("pending") is a valid block whose unknown seal (number, hash, nonce, miner, mixHash) may be null; "latest" and numbered blocks leave none null',
      calls: ['eth_getBlockByNumber'],
      run: async (probe, context) => {
        const method = context.openrpc.method('eth_getBlockByNumber')!
        const head = await chainHead(context)
        const asked: unknown[][] = [['pending', false], ['pending', true], ['latest', false], ...(head === null ? [] : [[toQuantity(head), false]])]
        const exchanges = await Promise.all(asked.map((params) => context.http!.call(method.name, params)))
        asked.forEach((params, i) => {
          const what = `${method.name}(${params.map((p) => JSON.stringify(p)).join(', ')})`
          const { findings, value } = checkResult(exchanges[i]!, method.result.validate, what)
          probe.add(findings)
          if (params[0] === 'pending') return
          // null is "no such block": never right for the head, which the schema's null branch would let pass.
          if (value === null)
            probe.fail(
              `${what} answered null, though ${params[0] === 'latest' ? 'the latest block' : 'that block (the head)'} exists`,
              exchanges[i],
              '/result',
              'wrong-value',
            )
          probe.add(checkSealKnown(what, exchanges[i]!, value))
        })
      },
    },
    // The methods agree about the same chain: what read-only calls can prove of a real chain that fixed
    // answers cannot fake (the methods that show the same transaction, balance or nonce agree with each
    // other and with the block that holds it).
    {
      id: 'standard.transaction-placement',
      title: 'eth_getTransactionByHash and eth_getTransactionReceipt agree with the block that holds the transaction',
      calls: ['eth_blockNumber', 'eth_getBlockByNumber', 'eth_getTransactionByHash', 'eth_getTransactionReceipt'],
      // In the full profile the run's own transactions are the newest: it looks once they are mined.
      afterSends: true,
      run: async (probe, context) => {
        const newest = await newestBlockWithTransactions(context)
        if (newest.head === null) return probe.add([newest.finding])
        const { head, block } = newest
        if (block === null)
          return probe.inconclusive(
            `no block holds a transaction to look up (${newest.searched === null ? 'the chain could not be searched' : searchedText(newest.searched)})`,
          )
        probe.note(`transactions of block ${boundedText(block.number, 40)}, the newest that holds any below the head ${head}`)
        const txs = block.transactions as Json[]
        for (const [index, inBlock] of txs.slice(0, PLACED_TRANSACTIONS).entries()) {
          const [byHash, receipt] = await Promise.all([
            answer(context, 'eth_getTransactionByHash', [inBlock.hash]),
            answer(context, 'eth_getTransactionReceipt', [inBlock.hash]),
          ])
          if (byHash.error || receipt.error) {
            probe.fail(
              `transaction ${boundedText(inBlock.hash, 70)} of block ${boundedText(block.number, 40)} is not answered by ${byHash.error ? 'eth_getTransactionByHash' : 'eth_getTransactionReceipt'}`,
              byHash.error ? byHash.exchange : receipt.exchange,
            )
            continue
          }
          probe.add(checkTransactionPlacement({ block, index, inBlock }, byHash, receipt))
        }
      },
    },
    {
      id: 'standard.state-agreement',
      title: 'a balance and a nonce at a block are the same by number, by hash (EIP-1898) and as "latest" while that block is the head',
      calls: ['eth_blockNumber', 'eth_getBlockByNumber', 'eth_getBalance', 'eth_getTransactionCount'],
      // Reads of one block by number, by hash and as the head, again while the head moves.
      chain: 17,
      run: async (probe, context) => {
        const newest = await newestBlockWithTransactions(context)
        if (newest.head === null) return probe.add([newest.finding])
        const { head, block } = newest
        const headBlock = await answer(context, 'eth_getBlockByNumber', [`0x${head.toString(16)}`, false])
        const at = (headBlock.value ?? null) as Json | null
        if (at === null || typeof at !== 'object' || typeof at.hash !== 'string' || typeof at.number !== 'string')
          return probe.fail(`eth_getBlockByNumber answered no head block ${head}`, headBlock.exchange)
        // An account with history when there is one (a sender near the head), else the head's miner.
        const sender = block === null ? undefined : (block.transactions as Json[])[0]?.from
        const address = typeof sender === 'string' ? sender : at.miner
        if (typeof address !== 'string') return probe.inconclusive('no account to read: no transaction near the head and no miner in the head block')
        let byHashRefused = false
        let latestComparisons = 0
        for (const method of ['eth_getBalance', 'eth_getTransactionCount']) {
          const byNumber = await answer(context, method, [address, at.number])
          if (byNumber.error) {
            probe.fail(`${method} [${address}, ${at.number}] answered no result for the head block`, byNumber.exchange)
            continue
          }
          const byHash = await answer(context, method, [address, { blockHash: at.hash }])
          if (byHash.error) byHashRefused = true
          else probe.add(checkSameByHash({ method, address, block: { number: at.number, hash: at.hash } }, byNumber.value, byHash))
          // "latest" names a block only while the head stays put: read the head before and after, and
          // compare with that block by number; a few tries, so a chain sealing every second still compares.
          let compared = false
          for (let attempt = 0; attempt < LATEST_ATTEMPTS && !compared; attempt++) {
            const before = await chainHead(context)
            const latest = await answer(context, method, [address, 'latest'])
            if (before === null || latest.error || (await chainHead(context)) !== before) continue
            const same = before === head ? byNumber : await answer(context, method, [address, `0x${before.toString(16)}`])
            if (same.error) continue
            compared = true
            latestComparisons += 1
            probe.add(checkSameAtLatest({ method, address }, before, same.value, latest))
          }
        }
        if (byHashRefused) probe.note('the block-hash form of the block param (EIP-1898) is refused, so only numbers and tags were compared')
        if (latestComparisons === 0 && probe.findings.length === 0) probe.inconclusive('the head moved during every comparison with "latest"')
      },
    },
    {
      id: 'history.account',
      title:
        'a sender\'s nonce and balance at the block before its transaction and at the block holding it are those blocks\' (by number, by hash, and "earliest" as block 0)',
      afterSends: true,
      run: historyAccount,
    },
    {
      id: 'history.head',
      title:
        'successive eth_blockNumber answers never go back (nor below a block just mined), right after a new block too; the block named is served by number, and "latest" is never older',
      waits: true,
      sends: true,
      run: historyHead,
    },
    {
      id: 'history.code',
      title:
        "a contract's code and a storage word its creation wrote are absent at the block before its creation and present at the creation's block (by number and by hash)",
      waits: true,
      sends: true,
      run: historyCode,
    },
    {
      id: 'history.call',
      title:
        'eth_call answers what the state of the block asked answers: a value a transaction changed differs before and after its block (by number and by hash)',
      waits: true,
      sends: true,
      run: historyCall,
    },
    {
      id: 'history.logs',
      title:
        "eth_getLogs over a range of blocks, and by one block's hash, answers exactly the logs of those blocks' receipts: none from outside, none missing, in order",
      afterSends: true,
      run: historyLogs,
    },
    {
      id: 'history.proof',
      title:
        "eth_getProof's account and storage proofs lead from the stateRoot of the block asked (the head and past blocks) to exactly the account and values stated",
      waits: true,
      sends: true,
      calls: ['eth_getProof'],
      run: historyProof,
    },
  ]
}

/**
 * RPC-STANDARD for every read-only standard method of openrpc.json (the spec is data): its examples
 * (a method without one has nothing for that check to judge: the spec's gap, not the node's, which
 * the spec's own check names; its live and generated checks still run), params of the target's own
 * chain, and generated valid params.
 */
function methodChecks(scope: DeclarationScope): CheckDefinition[] {
  const { openrpc } = scope
  const components = (openrpc.document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}
  return readOnlyStandardMethods(openrpc).flatMap((method) => {
    const checks: CheckDefinition[] = []
    if (method.examples.length === 0) leaveOut(openrpc, `standard.${method.name}.examples`, `${specName(scope)} has no example for ${method.name}`)
    else
      checks.push({
        id: `standard.${method.name}.examples`,
        title: `${method.name}: each example's params answer a result valid against the result schema`,
        run: async (probe, context) => {
          for (const example of method.examples) {
            const what = `${method.name} (example "${example.name}")`
            const exchange = await context.http!.call(method.name, example.params)
            const findings = checkValidAnswer(exchange, method.result.validate, what)
            // An example written against another chain may name a block, transaction, chain id, sender or
            // filter the target does not hold: no result can be demanded of it there.
            const unheld = mayBeUnheldData(exchange, findings) ? await unheldChainData(context, namedChainData(method, example.params), method.name) : []
            if (unheld.length > 0)
              probe.inconclusive(`${what} answered no result, and its params name what the target does not hold: ${unheld.join('; ')}`, exchange)
            else probe.add(findings)
          }
        },
      })
    const should = method.result.should
    if (should !== undefined && method.examples.length > 0)
      checks.push({
        id: `standard.${method.name}.habit`,
        title: `${method.name}: each example's result, which Ethereum allows wider, also keeps the narrower form openrpc.json's x-should names`,
        level: 'SHOULD',
        run: async (probe, context) => {
          let judged = 0
          for (const example of method.examples) {
            const exchange = await context.http!.call(method.name, example.params)
            const habit = checkHabit(exchange, method.result.validate, should, `${method.name} (example "${example.name}")`)
            if (habit.judged) judged++
            probe.add(habit.findings)
          }
          if (judged === 0) probe.inconclusive(`no example of ${method.name} answered a result valid against its schema: the habit cannot be read`)
        },
      })
    if (method.params.length > 0)
      checks.push({
        id: `standard.${method.name}.live`,
        title: `${method.name}: params naming blocks, transactions and accounts of the target's own chain answer a valid, non-null result`,
        // The sample is taken once per run (sampledChain): on a quiet target, after the run's own transactions.
        afterSends: true,
        run: async (probe, context) => {
          const live = await sampledChain(context)
          if (live.sample === null)
            return probe.fail(
              'eth_getBlockByNumber answers no block near the head, so nothing of the chain can be sampled',
              live.exchange,
              undefined,
              'no-answer',
            )
          const filled = liveParams(method, live.sample)
          if ('missing' in filled) {
            return probe.inconclusive(
              filled.needsTransaction
                ? `no transaction found in the chain to sample (${live.sample.searched ?? 'no search made'})`
                : `no live value for its param "${filled.missing}"`,
            )
          }
          probe.add(checkLiveAnswer(await context.http!.call(method.name, filled.params), method.result.validate, liveCallName(method.name, filled.params)))
        },
      })
    if (generatesParams(openrpc, method))
      checks.push({
        id: `standard.${method.name}.generated`,
        title: `${method.name}: generated valid params answer a valid result or a well-formed error`,
        run: async (probe, context) => {
          probe.add(
            await seededFindings(
              paramsArbitrary(method, 'valid', components),
              async (params) => checkGeneratedAnswer(await context.http!.call(method.name, params), method.result.validate, method.name),
              {
                seed: deriveSeed(context.config.seed, `standard.${method.name}.generated`),
                runs: context.config.runs,
                runSeed: context.config.seed,
                inputName: 'params',
                parallel: context.config.concurrency,
              },
            ),
          )
        },
      })
    return checks
  })
}
