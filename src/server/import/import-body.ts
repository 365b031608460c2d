/**
 * The body of `POST {api}/import/`: `{"files": [{"name": "wind.csv", "text": "..."}], "dry_run": false}`,
 * read from its raw bytes (the import thread parses it, so a large body never blocks the
 * service's event loop).
 *
 * @module
 */
import { ValidationError } from '../../exceptions';
import type { ImportSource } from './import-files';

/** What an import request asks for. */
export interface ImportRequest {
  /** The files. */
  sources: ImportSource[];
  /** Check only. */
  dryRun: boolean;
}

const SHAPE = 'Expected a JSON body {"files": [{"name": "...", "text": "..."}]}';

/**
 * Reads an import request from a parsed JSON body.
 *
 * @param body - The parsed body.
 * @returns The files and the dry-run flag.
 * @throws ValidationError (parameter `files`) for any other shape.
 * @example
 * importRequestOf({ files: [{ name: 'a.csv', text: 'curve,date,value\n' }] }).dryRun //=> false
 */
export function importRequestOf(body: unknown): ImportRequest {
  const obj = body as { files?: unknown; dry_run?: unknown } | null;
  if (obj === null || typeof obj !== 'object' || !Array.isArray(obj.files) || obj.files.length === 0) {
    throw new ValidationError(SHAPE, 'files');
  }
  const sources = obj.files.map((f: { name?: unknown; text?: unknown }, k: number) => {
    if (typeof f?.name !== 'string' || typeof f?.text !== 'string')
      throw new ValidationError(`files[${k}] needs a name and a text`, 'files');
    return { name: f.name, text: f.text };
  });
  return { sources, dryRun: obj.dry_run === true };
}

/**
 * Reads an import request from the raw bytes of the body (UTF-8 JSON).
 *
 * @param bytes - The body.
 * @returns The files and the dry-run flag.
 * @throws ValidationError (parameter `files`) for bytes that are not JSON or a body of another shape.
 * @example
 * parseImportBody(Buffer.from('{"files":[{"name":"a.csv","text":""}]}')).sources.length //=> 1
 */
export function parseImportBody(bytes: Uint8Array): ImportRequest {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch (err) {
    throw new ValidationError(`The body is not JSON (${(err as Error).message}). ${SHAPE}`, 'files');
  }
  return importRequestOf(body);
}
