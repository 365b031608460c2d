/**
 * A text progress bar for the CLI: on a terminal it redraws one line; elsewhere (pipes, CI) it
 * prints a line per step.
 */

/** Where the bar is drawn: a writable text stream (process.stderr). */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * Renders one bar line.
 *
 * @param done - Steps done.
 * @param total - All steps.
 * @param label - What was just done.
 * @param width - Bar width in characters.
 * @returns The line (no line break).
 * @example
 * renderProgress(1, 4, 'DE actuals', 8) //=> '[##------]  25% (1/4) DE actuals'
 */
export function renderProgress(done: number, total: number, label: string, width = 30): string {
  const share = total > 0 ? Math.min(1, Math.max(0, done / total)) : 1;
  const filled = Math.round(share * width);
  const pct = String(Math.round(share * 100)).padStart(3);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${pct}% (${done}/${total}) ${label}`;
}

/**
 * A progress callback for {@link seedDemo} that draws a bar on a stream.
 *
 * @param stream - Usually `process.stderr`.
 * @returns The `onProgress` callback; it ends the line after the last step.
 * @example
 * const lines: string[] = [];
 * progressBar({ write: (t: string) => lines.push(t) })(2, 2, 'done');
 * lines //=> ['[##############################] 100% (2/2) done\n']
 */
export function progressBar(stream: ProgressStream): (done: number, total: number, label: string) => void {
  return (done, total, label) => {
    if (stream.isTTY) {
      const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - 50));
      const line = renderProgress(done, total, label, width).slice(0, (stream.columns ?? 80) - 1);
      stream.write(`\r\x1b[2K${line}${done >= total ? '\n' : ''}`);
    } else {
      stream.write(`${renderProgress(done, total, label)}\n`);
    }
  };
}
