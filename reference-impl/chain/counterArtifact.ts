import { fromHex } from './hex.js'

/**
 * The creation code of a counter contract, the smallest that writes storage: its constructor sets
 * slot 0 to 1, and its 27 bytes of runtime code add one to slot 0 when called with data and return
 * slot 0 as a word when called without. The generated history and the background traffic create it
 * now and then, and call it, so the chain holds creations and storage writes at any age.
 *   init:    PUSH1 1 PUSH1 0 SSTORE; CODECOPY the runtime (27 bytes at offset 17); RETURN it
 *   runtime: CALLDATASIZE ISZERO PUSH1 15 JUMPI; SLOAD 0, ADD 1, SSTORE 0, STOP;
 *            JUMPDEST; SLOAD 0, MSTORE at 0, RETURN 32 bytes
 */
export const COUNTER_CREATION_CODE: Uint8Array = fromHex('0x6001600055601b6011600039601b6000f33615600f57600054600101600055005b60005460005260206000f3')
