// Notebook display of tables (`display(table)` in `service/plot`) draws the frame layer's
// multi-level header HTML: the plot layer cannot import the frame layer, so the frame layer
// registers its renderer there when it loads.
import { registerTableHtml } from '../plot/table-html';
import { toHtml, type HtmlTable } from './to-html';

registerTableHtml((table, options) => toHtml(table as unknown as HtmlTable, { zone: options.zone, maxRows: options.limit }));
