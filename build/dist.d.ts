// Types of build/dist.js (plain JavaScript: the bin runs it without a TypeScript loader).

/** The source trees compiled into dist/. */
export const SOURCE_TREES: readonly string[]
/** The name of the build's stamp file in dist/. */
export const STAMP: string
/** Whether `root` holds the TypeScript sources (a checkout), not only an installed dist/. */
export function isSourceCheckout(root: string): boolean
/** The .ts entry points and the assets of every source tree, relative to `root`. */
export function sourceFiles(root: string): { code: string[]; assets: string[] }
/** Whether dist/ is missing, or older than a source. */
export function isStale(root: string): boolean
/** Whether dist/ is fresh and was built whole, with the type declarations. */
export function isWholeBuild(root: string): boolean
/** Builds dist/ (with declarations, or keeping the previous ones); resolves to whether it built. */
export function buildDist(root: string, options?: { declarations?: boolean; onlyIfStale?: boolean }): Promise<boolean>
/** In a source checkout, rebuilds dist/ when a source is newer; resolves to whether it did. */
export function ensureFreshDist(root: string): Promise<boolean>
/** Where the bundled reference's process entry is written, relative to dist/. */
export const REFERENCE_BUNDLE: string
