/**
 * Fixed parameters of the reference chain (reference node behaviour in the common decisions; the
 * values follow l2geth's published samples where one exists: gasLimit 0xe4e1c0, difficulty 0x2,
 * nonce 0x0000000000000000, totalDifficulty growing by 2 per block from 1 at genesis).
 */

/** Block gas limit of every block: 15,000,000 (0xe4e1c0, as in the l2geth samples). */
export const BLOCK_GAS_LIMIT = 15_000_000n
/** Difficulty of every block after genesis: the constant 2 of l2geth's clique-style in-turn blocks. */
export const BLOCK_DIFFICULTY = 2n
/** Difficulty of the genesis block, so totalDifficulty(n) = 1 + 2n like the samples (0x3, 0x5, ...). */
export const GENESIS_DIFFICULTY = 1n
/** Genesis timestamp (seconds): fixed, so the same options give the same genesis hash. */
export const GENESIS_TIMESTAMP = 1_700_000_000
/** Seconds between the blocks of the generated history (live blocks take their time from the clock). */
export const HISTORY_BLOCK_SECONDS = 2
/** Header extraData: a 16-byte vanity naming the node (at most 32 bytes, the pre-London limit). */
export const EXTRA_DATA = new TextEncoder().encode('l2conf-reference')
/** Header nonce: 8 zero bytes (no proof of work). */
export const BLOCK_NONCE = new Uint8Array(8)
/** Header mixHash: 32 zero bytes. */
export const MIX_HASH = new Uint8Array(32)

/**
 * The sequencer fee vault (the address Optimism's l2geth used for OVM_SequencerFeeVault). It is the
 * blocks' `miner` (coinbase): it receives the layer-2 gas fees and the layer-1 data fees.
 */
export const SEQUENCER_FEE_VAULT = '0x4200000000000000000000000000000000000011'

/** Default layer-2 gas price: 1 gwei. Transactions priced below it are rejected as underpriced. */
export const DEFAULT_L2_GAS_PRICE = 1_000_000_000n
/** Fixed layer-1 gas overhead per transaction (batch framing, state commitment share). */
export const L1_FEE_OVERHEAD = 2_100n
/** The layer-1 fee scalar 1.5 as the receipts show it, and as the exact ratio the fee uses. */
export const L1_FEE_SCALAR = { text: '1.5', numerator: 3n, denominator: 2n } as const

/** A batch is posted to layer 1 every this many layer-2 transactions ... */
export const BATCH_MAX_TRANSACTIONS = 10
/** ... or this many seconds after the first transaction not yet in a batch, whichever comes first. */
export const BATCH_MAX_SECONDS = 60

/** A layer-1-to-layer-2 queue message is ingested every this many layer-1 blocks. */
export const QUEUE_EVERY_L1_BLOCKS = 4
/** In the generated history, every this-many-th block (from block 5) is a queue message. */
export const HISTORY_QUEUE_EVERY_BLOCKS = 10
/** Gas limit recorded on a queue transaction (gasUsed is the 21000 of a value transfer; gas price 0). */
export const QUEUE_TX_GAS_LIMIT = 100_000n

/** Largest accepted raw transaction (geth's txMaxSize, 4 slots of 32 KiB). */
export const MAX_RAW_TX_BYTES = 128 * 1024

/** Simulated layer 1: seconds per block, and a starting point that anchors the clock. */
export const L1_BLOCK_SECONDS = 12
export const L1_ANCHOR = { number: 18_580_000, timestamp: GENESIS_TIMESTAMP - 600 } as const
