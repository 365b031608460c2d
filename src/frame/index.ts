// Tables: Arquero (`toTable`), Danfo (`toDataFrame`), notebook HTML (`toHtml`) and Arrow
// IPC (`toArrowIPC`, `fromArrowIPC`), with multi-level headers recoverable by `headerLevels`.
// Importing this folder also attaches `toTable`/`toDataFrame`/`toPolars` to the model classes.
import './attach';
import './register-display';
import './skill-table';

// Conversions
export { FrameTable, toTable } from './to-table';
export { setDanfoLoader, toDataFrame, type DanfoDataFrame, type DanfoModule } from './danfo';
export { setPolarsLoader, toPolars, type PolarsDataFrame, type PolarsModule } from './polars';
export { toHtml, type HtmlOptions, type HtmlTable } from './to-html';
export { ARROW_FRAME_KEY, ARROW_LEVELS_KEY, ARROW_ZONE_KEY, fromArrowIPC, toArrowIPC } from './to-arrow';
export { toParquet } from './to-parquet';
export { skillTable, type SkillTableOptions } from './skill-table';

// Options
export type { ColumnNames, DateColumn, ListTableOptions, TableOptions, TableResample } from './timeseries-layout';
export type { AbsoluteTableOptions } from './market-layout';
export type {
  AnyTableOptions,
  PeriodListTableOptions,
  PeriodTableOptions,
  SrmcTableOptions,
  Tabular,
} from './frame-layout';

// Header levels and frame information
export {
  decodeHeader,
  encodeHeader,
  frameInfo,
  headerLevels,
  HEADER_SEPARATOR,
  type FrameInfo,
  type HeaderLevel,
} from './frame-info';
