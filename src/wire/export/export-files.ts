/**
 * The files of an export directory on Node (docs/data-out.md#export): each written under
 * `<name>.part` and renamed when complete. Node's `fs/promises` and `path` are handed in by the
 * caller (the client reaches them through `process.getBuiltinModule`, the command line imports
 * them), so this module imports no Node built-in.
 *
 * @module
 */
import type { ExportFile, ExportIO } from './export-run';

/** What of Node's `fs/promises` the export files use. */
export interface ExportFs {
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  open(path: string, flags: 'w'): Promise<{ write(bytes: Uint8Array): Promise<unknown>; close(): Promise<void> }>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { force: true }): Promise<void>;
  writeFile(path: string, text: string): Promise<void>;
}

/**
 * The file side of an export run in a directory (created when missing).
 *
 * @param dir - The directory.
 * @param fs - Node's `fs/promises`.
 * @param join - Node's `path.join`.
 * @returns `openFile` and `writeText` of {@link ExportIO}.
 * @example
 * const files = await exportFilesIn('export', await import('node:fs/promises'), path.join);
 */
export async function exportFilesIn(
  dir: string,
  fs: ExportFs,
  join: (...parts: string[]) => string,
): Promise<Pick<ExportIO, 'openFile' | 'writeText'>> {
  await fs.mkdir(dir, { recursive: true });
  return {
    async openFile(name): Promise<ExportFile> {
      const path = join(dir, name);
      const part = `${path}.part`;
      const handle = await fs.open(part, 'w');
      let open = true;
      const close = async () => {
        if (open) await handle.close();
        open = false;
      };
      return {
        path,
        async write(bytes) {
          await handle.write(bytes);
        },
        async end() {
          await close();
          await fs.rename(part, path);
        },
        async abort() {
          await close().catch(() => undefined);
          await fs.rm(part, { force: true });
        },
      };
    },
    async writeText(name, text) {
      const path = join(dir, name);
      await fs.writeFile(path, text);
      return path;
    },
  };
}
