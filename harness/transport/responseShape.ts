/**
 * Heap bytes one element or member of a parsed JSON value costs beyond its text, at most: a body
 * of a million small members ("k1":1, 16 MB of text) measured 71 MB of heap once parsed (Node 20),
 * 4.4 times its size, so a budget of text bytes alone let seven such bodies live at once. Arrays of
 * small objects, strings or numbers measured less than this estimate.
 */
export const PARSED_ELEMENT_BYTES = 64

/** What a body of `bytes` bytes holding `elements` elements (jsonShape) costs once parsed, at most. */
export function parsedBytesEstimate(bytes: number, elements: number): number {
  return bytes + elements * PARSED_ELEMENT_BYTES
}

/**
 * The failure message of a response refused unparsed for its shape (JsonShapeScanner.refusal).
 * @example refusedMessage('has an object of more than 1,000 members (MAX_OBJECT_MEMBERS)') // 'the response has an object of more than 1,000 members (MAX_OBJECT_MEMBERS); it was not parsed'
 */
export function refusedMessage(refusal: string): string {
  return `the response ${refusal}; it was not parsed`
}
