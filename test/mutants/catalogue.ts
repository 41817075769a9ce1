import { blockedMutants } from './families/blockedMutants.js'
import { blockParamMutants } from './families/blockParamMutants.js'
import { chainMutants } from './families/chainMutants.js'
import { clientMutants } from './families/clientMutants.js'
import { envelopeIdMutants } from './families/envelopeIdMutants.js'
import { historyMutants } from './families/historyMutants.js'
import { agedHistoryMutants } from './families/agedHistoryMutants.js'
import { equivalentMutants } from './families/equivalentMutants.js'
import { exposureMutants } from './families/exposureMutants.js'
import { keystoreMutants } from './families/keystoreMutants.js'
import { rangeMutants } from './families/rangeMutants.js'
import { restMutants } from './families/restMutants.js'
import { rollupMutants } from './families/rollupMutants.js'
import { specCodeMutants } from './families/specCodeMutants.js'
import { standardMutants } from './families/standardMutants.js'
import { subscriptionMutants } from './families/subscriptionMutants.js'
import { transportMutants } from './families/transportMutants.js'
import { wsParityMutants } from './families/wsParityMutants.js'
import type { MutantDefinition } from './mutant.js'

/**
 * The mutant catalogue (the proof that the suite catches what it claims to): named, deliberately broken variants
 * of a target, each tied to the ONE requirement id (ARCHITECTURE.md) it breaks, plus equivalent variants
 * (requirement null) that a correct suite must pass. Served by startMutantProxy.
 */
export const catalogue: readonly MutantDefinition[] = [
  ...transportMutants,
  ...wsParityMutants,
  ...envelopeIdMutants,
  ...subscriptionMutants,
  ...standardMutants,
  ...rangeMutants,
  ...blockParamMutants,
  ...rollupMutants,
  ...blockedMutants,
  ...specCodeMutants,
  ...keystoreMutants,
  ...exposureMutants,
  ...chainMutants,
  ...historyMutants,
  ...agedHistoryMutants,
  ...restMutants,
  ...clientMutants,
  ...equivalentMutants,
]
