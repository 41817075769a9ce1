/**
 * The importable API of l2conf (`import { certify } from 'l2conf'`): the code the CLI runs, without the
 * process around it (ARCHITECTURE.md, "The library"). The CLI's `run` is a thin layer over certify().
 */

// Certifying a target: the options of `l2conf run`, the object of report.json.
export { certify, type CertifyHooks } from './api/certify.js'
export type { CertifyOptions } from './api/certifyArgv.js'
export type { CatalogueEntry, CheckResult, Evidence, Level, MergeNote, Report, ResultStatus, Verdict } from './report/result.js'
export { verdictOf, exitCodeFor } from './report/exitCode.js'
export { mergeReports, type PartialReport } from './report/mergeReports.js'
export { reportSchemaErrors } from './report/reportSchemaErrors.js'

// Spec coverage (report.json's `coverage`): what exchanges exercised of the specs, from any source of exchanges, and its union.
export { createCoverage, type CoverageRecorder } from './coverage/createCoverage.js'
export { mergeCoverage } from './coverage/mergeCoverage.js'
export type { Coverage, CoverageTotals, MethodCoverage, OperationCoverage } from './coverage/coverage.js'

// The specs.
export { lint } from './api/lint.js'
export type { SpecFileLint } from './lint/lintSpecFile.js'
export type { LintProblem } from './lint/lintProblem.js'
export { loadSpecs } from './api/loadSpecs.js'
export type { OpenRpcSpec, MethodSpec } from './spec/loadOpenRpc.js'
export type { OpenApiSpec, OperationSpec } from './spec/loadOpenApi.js'

// The requirement table, and the requirements in its order (each declares its checks).
export { catalogue, requirements, requirementIds, requirementRow, levelOf, type Requirement, type RequirementId } from './requirements/index.js'

// The checks: declared by the requirements for a run's specs (known without running anything), run side by side by the engine.
export {
  declareChecks,
  type CheckBody,
  type CheckDeclaration,
  type CheckDefinition,
  type CheckNeeds,
  type CheckOptions,
  type DeclarationScope,
  type DeclaredChecks,
  type RequirementModule,
} from './run/registry.js'

// The judges: pure functions from recorded exchanges (or answers) to findings, total over any JSON.
export type { Exchange } from './transport/exchange.js'
export type { Finding, FindingKind, UntypedFinding } from './checks/finding.js'
export { checkEnvelope, checkBatchEnvelope, envelopeProblems, transportFindings } from './checks/envelopeFindings.js'
export { checkResult, checkIsError } from './checks/outcomeFindings.js'
export { checkRangeOrder, checkRangeShape, checkFullTransactions, rangeBlocks } from './checks/rangeFindings.js'
export { checkTransactionPlacement, type Placement } from './requirements/RPC-STANDARD.placement.js'
export { checkNotEvaluated } from './checks/checkNotEvaluated.js'
export { restConsistencyProblems, type ConsistencyProblem } from './checks/restConsistency.js'
export { firstDifference } from './checks/firstDifference.js'
export { checkChainLinks, type ChainLinkProblem } from './chain/checkChainLinks.js'
export { computeBlockHash } from './chain/computeBlockHash.js'
export { transactionsRoot } from './chain/transactionsRoot.js'
export { unknownBlockFields } from './chain/unknownBlockFields.js'

// Errors are values with a stable code.
export { HarnessError, isHarnessError, type HarnessErrorCode } from './errors/harnessError.js'
