import { CharSet, DFA, JS, NFA, TooManyNodesError, Transformers, isDisjointWith, transform } from 'refa'
import type { Concatenation, Element, Expression, NoParent } from 'refa'

/**
 * How the strings a JSON Schema `pattern` accepts changed, decided as an inclusion of regular
 * languages (spec-diff): `equal` the same strings, `narrowed` the new accepts a subset of the old,
 * `widened` a superset, `incomparable` neither contains the other, `undecided` the patterns are
 * outside what finite automata represent or bigger than the work allowed (then `reason` says why).
 */
export type PatternRelation = { relation: 'equal' | 'narrowed' | 'widened' | 'incomparable' } | { relation: 'undecided'; reason: string }

/** The longest pattern text compared: a longer one is left undecided rather than parsed. */
export const MAX_PATTERN_LENGTH = 2000
/** The most nodes any one parse, automaton or intersection may create; a pattern needing more is left undecided. */
export const MAX_AUTOMATON_NODES = 20_000

class Undecidable extends Error {}

/** A node of refa's regex AST. */
type Ast = NoParent<Expression> | NoParent<Concatenation> | NoParent<Element>

/** Whether the sub-expression matches the empty string (an assertion or unknown inside: undecidable). */
function acceptsEmpty(node: Ast): boolean {
  switch (node.type) {
    case 'CharacterClass':
      return false
    case 'Concatenation':
      return node.elements.every(acceptsEmpty)
    case 'Expression':
    case 'Alternation':
      return node.alternatives.some(acceptsEmpty)
    case 'Quantifier':
      return node.min === 0 || node.alternatives.some(acceptsEmpty)
    default:
      throw new Undecidable('a lookaround inside a lookaround')
  }
}

/**
 * Resolves the assertions at one edge of a whole-string match: a lookbehind before anything is
 * consumed sees the empty string, and so does a lookahead after everything; each is then true or
 * false. Returns false when the alternative can never match. Assertions elsewhere are left.
 */
function resolveEdge(concat: NoParent<Concatenation>, edge: 'start' | 'end'): boolean {
  const kind = edge === 'start' ? 'behind' : 'ahead'
  for (;;) {
    const index = edge === 'start' ? 0 : concat.elements.length - 1
    const element = concat.elements[index]
    if (element === undefined) return true
    if (element.type === 'Assertion' && element.kind === kind) {
      // (?<=X) at the start holds when X matches the empty string; (?<!X) when it does not.
      if (acceptsEmpty({ type: 'Alternation', alternatives: element.alternatives }) === element.negate) return false
      concat.elements.splice(index, 1)
      continue
    }
    if (element.type === 'Alternation') {
      element.alternatives = element.alternatives.filter((alternative) => resolveEdge(alternative, edge))
      return element.alternatives.length > 0
    }
    return true
  }
}

function hasAssertion(node: Ast): boolean {
  switch (node.type) {
    case 'Assertion':
      return true
    case 'CharacterClass':
    case 'Unknown':
      return false
    case 'Concatenation':
      return node.elements.some(hasAssertion)
    default:
      return node.alternatives.some(hasAssertion)
  }
}

/** A deep copy of a node (character sets are immutable and shared): simplification mutates what it is given. */
function copy<T extends Ast>(node: T): T {
  switch (node.type) {
    case 'CharacterClass':
    case 'Unknown':
      return { ...node }
    case 'Concatenation':
      return { ...node, elements: node.elements.map(copy) }
    default:
      return { ...node, alternatives: (node as { alternatives: Array<NoParent<Concatenation>> }).alternatives.map(copy) }
  }
}

/** The most alternatives a pattern is split into so that its anchors meet the edges. */
const MAX_SPLIT = 64

/**
 * Splits an alternative at its groups that hold an assertion: `^(?:a|b$)` is `^a` or `^b$`, each
 * of which has its anchors where simplification folds them. Groups without one stay whole.
 */
function split(concat: NoParent<Concatenation>): Array<NoParent<Concatenation>> {
  const at = concat.elements.findIndex((element) => element.type === 'Alternation' && hasAssertion(element))
  const group = concat.elements[at]
  if (group === undefined || group.type !== 'Alternation') return [concat]
  const parts = group.alternatives.flatMap((alternative) =>
    split({
      type: 'Concatenation',
      elements: [...concat.elements.slice(0, at).map(copy), ...copy(alternative).elements, ...concat.elements.slice(at + 1).map(copy)],
    }),
  )
  if (parts.length > MAX_SPLIT) throw new Undecidable(`more than ${MAX_SPLIT} alternatives once its anchored groups are split`)
  return parts
}

/** `[^]*`: any run of characters. */
function anything(maxCharacter: number): NoParent<Element> {
  return {
    type: 'Quantifier',
    lazy: false,
    min: 0,
    max: Infinity,
    alternatives: [{ type: 'Concatenation', elements: [{ type: 'CharacterClass', characters: CharSet.all(maxCharacter) }] }],
  }
}

/**
 * The strings a JSON Schema `pattern` accepts, as a minimal DFA. JSON Schema patterns are
 * ECMA-262 regexes searched for anywhere in the string (unanchored): `^0x[0-9a-f]*$` is anchored by
 * its own assertions, `0x` accepts any string containing it. So the language is the whole-string
 * language of `[^]*(?:alternative)[^]*` for each top-level alternative; refa's simplification folds
 * the `[^]*` into a `^` or `$` beside it, and what is left at the edges is resolved here.
 */
function searchLanguage(pattern: string, flags: string): DFA {
  new RegExp(pattern, flags)
  const { expression, maxCharacter } = JS.Parser.fromLiteral({ source: pattern, flags }).parse({
    maxNodes: MAX_AUTOMATON_NODES,
    backreferences: 'throw',
    assertions: 'parse',
  })
  // Each alternative on its own: simplified together, the wrappers would be factored out of them before meeting their anchors.
  const alternatives = expression.alternatives.flatMap(split).flatMap((alternative) => {
    const wrapped: NoParent<Expression> = {
      type: 'Expression',
      alternatives: [
        { type: 'Concatenation', elements: [anything(maxCharacter), { type: 'Alternation', alternatives: [alternative] }, anything(maxCharacter)] },
      ],
    }
    return transform(Transformers.simplify(), wrapped).alternatives.filter((concat) => resolveEdge(concat, 'start') && resolveEdge(concat, 'end'))
  })
  if (alternatives.some(hasAssertion)) throw new Undecidable('a lookaround or anchor the automata cannot represent')
  const nfa = NFA.fromRegex(alternatives, { maxCharacter }, { assertions: 'throw', unknowns: 'throw' }, new NFA.LimitedNodeFactory(MAX_AUTOMATON_NODES))
  const dfa = DFA.fromFA(nfa, new DFA.LimitedNodeFactory(MAX_AUTOMATON_NODES))
  dfa.minimize()
  return dfa
}

/** Whether every string `a` accepts, `b` accepts too. */
function includes(b: DFA, a: DFA): boolean {
  const outside = b.copy(new DFA.LimitedNodeFactory(MAX_AUTOMATON_NODES))
  outside.complement()
  return isDisjointWith(a, outside, MAX_AUTOMATON_NODES)
}

function why(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof TooManyNodesError) return `its automaton needs more than ${MAX_AUTOMATON_NODES} nodes`
  if (error instanceof Undecidable) return message
  if (/backreference/i.test(message)) return 'a backreference the automata cannot represent'
  if (/assertion/i.test(message)) return 'a lookaround or anchor the automata cannot represent'
  return message
}

const cache = new Map<string, PatternRelation>()

/**
 * How the language of pattern `after` relates to that of `before`, both read as JSON Schema does
 * (ECMA-262 with the `u` flag, as Ajv compiles them; without it when either is no valid `u` regex).
 * Bounded: a pattern longer than MAX_PATTERN_LENGTH, or one needing more than MAX_AUTOMATON_NODES
 * nodes, is `undecided`, and so is one with a backreference or a lookaround that is not at an edge.
 */
export function comparePatterns(before: string, after: string): PatternRelation {
  const key = JSON.stringify([before, after])
  const known = cache.get(key)
  if (known !== undefined) return known
  const relation = decide(before, after)
  if (cache.size > 10_000) cache.clear()
  cache.set(key, relation)
  return relation
}

function decide(before: string, after: string): PatternRelation {
  if (before === after) return { relation: 'equal' }
  if (before.length > MAX_PATTERN_LENGTH || after.length > MAX_PATTERN_LENGTH)
    return { relation: 'undecided', reason: `a pattern longer than ${MAX_PATTERN_LENGTH} characters` }
  let languages: [DFA, DFA] | undefined
  let failure: unknown
  for (const flags of ['u', '']) {
    try {
      languages = [searchLanguage(before, flags), searchLanguage(after, flags)]
      break
    } catch (error) {
      // A SyntaxError under `u` gets a second try without it; anything else is final.
      failure = error
      if (!(error instanceof SyntaxError) || flags === '') break
    }
  }
  if (languages === undefined) return { relation: 'undecided', reason: why(failure) }
  try {
    const [old, next] = languages
    const narrower = includes(old, next)
    const wider = includes(next, old)
    return { relation: narrower && wider ? 'equal' : narrower ? 'narrowed' : wider ? 'widened' : 'incomparable' }
  } catch (error) {
    return { relation: 'undecided', reason: why(error) }
  }
}
