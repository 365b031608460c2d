/**
 * The model's and the plot layer's own display, without the frame layer's renderers. The frame
 * layer registers its renderers when it loads (src/frame/register-display.ts), and a process that
 * runs several test files (`npm run test:unit`) may have loaded it for an earlier file.
 *
 *   withoutFrameDisplay(test);   // before the file's tests
 */
import type { Test } from 'uvu';
import { registerTableRenderer, type TableRenderer } from '../../src/model/display';
import { registerTableHtml, type TableHtmlRenderer } from '../../src/plot/table-html';

/**
 * Clears the registered table renderers before the suite's tests and puts them back after.
 *
 * @param suite - The uvu suite (usually the file's `test`).
 */
export function withoutFrameDisplay(suite: Test): void {
  let html: TableHtmlRenderer | null = null;
  let renderer: TableRenderer | null = null;
  suite.before(() => {
    html = registerTableHtml(null);
    renderer = registerTableRenderer(null);
  });
  suite.after(() => {
    registerTableHtml(html);
    registerTableRenderer(renderer);
  });
}
