/**
 * UTF-8 text of answer bytes, and the UTF-8 size of a text, with Node's `Buffer` when there is one
 * (the fast path the client has always taken) and the `TextDecoder`/`TextEncoder` of browsers
 * otherwise (docs/client.md#browser-use).
 *
 * @module
 */

type BufferLike = {
  from(data: ArrayBuffer | Uint8Array): { toString(encoding: 'utf8'): string };
  byteLength(text: string, encoding: 'utf8'): number;
};

const NodeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer;
let decoder: InstanceType<typeof TextDecoder> | null = null;

/**
 * Decodes UTF-8 bytes.
 *
 * @param data - The bytes.
 * @returns The text.
 * @example
 * utf8Text(new Uint8Array([104, 105])) //=> 'hi'
 */
export function utf8Text(data: ArrayBuffer | Uint8Array): string {
  if (NodeBuffer) return NodeBuffer.from(data).toString('utf8');
  decoder ??= new TextDecoder();
  return decoder.decode(data);
}

/**
 * The size of a text in UTF-8 bytes.
 *
 * @param text - The text.
 * @returns Bytes.
 * @example
 * utf8Length('Å') //=> 2
 */
export function utf8Length(text: string): number {
  return NodeBuffer ? NodeBuffer.byteLength(text, 'utf8') : new TextEncoder().encode(text).byteLength;
}
