/**
 * Attaches the table conversions as methods of the model classes (ARCHITECTURE.md#layers: the model imports
 * nothing above `src/time`, so this layer adds `toTable`, `toDataFrame` and `toPolars` to the
 * prototypes by declaration merging). Imported for its effect by `src/frame/index.ts`.
 *
 * @module
 */
import { AbsoluteResult } from '../model/absolute-result';
import { OHLCList } from '../model/ohlc-list';
import { Periodseries } from '../model/periodseries';
import { PeriodseriesList } from '../model/periodseries-list';
import { SRMC } from '../model/srmc';
import { Timeseries } from '../model/timeseries';
import { TimeseriesList } from '../model/timeseries-list';
import { toDataFrame, type DanfoDataFrame } from './danfo';
import { toPolars, type PolarsDataFrame } from './polars';
import type { AnyTableOptions, PeriodListTableOptions, PeriodTableOptions, SrmcTableOptions, Tabular } from './frame-layout';
import type { AbsoluteTableOptions } from './market-layout';
import type { ListTableOptions, TableOptions } from './timeseries-layout';
import { toTable, type FrameTable } from './to-table';

declare module '../model/timeseries' {
  interface Timeseries {
    /**
     * Converts to an Arquero table (see the free function `toTable`).
     *
     * @param opts - `name`, `singleLevelHeader`.
     * @returns The table.
     * @example
     * ts.toTable({ singleLevelHeader: true }).columnNames() //=> ['date', 'DE Consumption MWh/h H Actual']
     */
    toTable(opts?: TableOptions): FrameTable;
    /**
     * Converts to a Danfo.js DataFrame (see the free function `toDataFrame`).
     *
     * @param opts - `name`, `singleLevelHeader`.
     * @returns The DataFrame.
     * @throws ImportError when Danfo is not installed.
     * @example
     * ts.toDataFrame().shape //=> [3, 2]
     */
    toDataFrame(opts?: TableOptions): DanfoDataFrame;

    /**

     * Converts to a nodejs-polars DataFrame (see the free function `toPolars`).

     *

     * @returns The DataFrame.

     * @throws ImportError when nodejs-polars is not installed.

     * @example

     * x.toPolars().columns[0] //=> 'date'

     */

    toPolars(opts?: TableOptions): PolarsDataFrame;
  }
}

declare module '../model/timeseries-list' {
  interface TimeseriesList {
    /**
     * Converts to an Arquero table, members side by side on `date` (see `toTable`).
     *
     * @param opts - `singleLevelHeader`.
     * @returns The table.
     * @throws ValueError for an empty list.
     * @example
     * list.toTable().numCols() //=> 3
     */
    toTable(opts?: ListTableOptions): FrameTable;
    /**
     * Converts to a Danfo.js DataFrame (see `toDataFrame`).
     *
     * @param opts - `singleLevelHeader`.
     * @returns The DataFrame.
     * @throws ImportError when Danfo is not installed.
     * @example
     * list.toDataFrame().columns.length //=> 3
     */
    toDataFrame(opts?: ListTableOptions): DanfoDataFrame;

    /**

     * Converts to a nodejs-polars DataFrame (see the free function `toPolars`).

     *

     * @returns The DataFrame.

     * @throws ImportError when nodejs-polars is not installed.

     * @example

     * x.toPolars().columns[0] //=> 'date'

     */

    toPolars(opts?: ListTableOptions): PolarsDataFrame;
  }
}

declare module '../model/periodseries' {
  interface Periodseries {
    /**
     * Converts to an Arquero table through `toTimeseries(frequency, field)` (see `toTable`).
     *
     * @param opts - `frequency` (required), `field`, `name`, `singleLevelHeader`.
     * @returns The table.
     * @throws ValueError without a frequency.
     * @example
     * ps.toTable({ frequency: 'P1D' }).numRows() //=> 31
     */
    toTable(opts: PeriodTableOptions): FrameTable;
    /**
     * Converts to a Danfo.js DataFrame (see `toDataFrame`).
     *
     * @param opts - `frequency` (required), `field`, `name`, `singleLevelHeader`.
     * @returns The DataFrame.
     * @throws ImportError when Danfo is not installed; ValueError without a frequency.
     * @example
     * ps.toDataFrame({ frequency: 'P1D' }).shape //=> [31, 2]
     */
    toDataFrame(opts: PeriodTableOptions): DanfoDataFrame;

    /**

     * Converts to a nodejs-polars DataFrame (see the free function `toPolars`).

     *

     * @returns The DataFrame.

     * @throws ImportError when nodejs-polars is not installed.

     * @example

     * x.toPolars().columns[0] //=> 'date'

     */

    toPolars(opts: PeriodTableOptions): PolarsDataFrame;
  }
}

declare module '../model/periodseries-list' {
  interface PeriodseriesList {
    /**
     * Converts every member to a time series of `frequency` and then to one table (see `toTable`).
     *
     * @param opts - `frequency` (required), `field`, `singleLevelHeader`.
     * @returns The table.
     * @throws ValueError without a frequency or for an empty list.
     * @example
     * list.toTable({ frequency: 'P1D' }).numCols() //=> 2
     */
    toTable(opts: PeriodListTableOptions): FrameTable;
    /**
     * Converts to a Danfo.js DataFrame (see `toDataFrame`).
     *
     * @param opts - `frequency` (required), `field`, `singleLevelHeader`.
     * @returns The DataFrame.
     * @throws ImportError when Danfo is not installed.
     * @example
     * list.toDataFrame({ frequency: 'P1D' }).columns.length //=> 2
     */
    toDataFrame(opts: PeriodListTableOptions): DanfoDataFrame;

    /**

     * Converts to a nodejs-polars DataFrame (see the free function `toPolars`).

     *

     * @returns The DataFrame.

     * @throws ImportError when nodejs-polars is not installed.

     * @example

     * x.toPolars().columns[0] //=> 'date'

     */

    toPolars(opts: PeriodListTableOptions): PolarsDataFrame;
  }
}

declare module '../model/ohlc-list' {
  interface OHLCList {
    /**
     * Converts to an Arquero table, one row per record (see `toTable`).
     *
     * @returns The table.
     * @example
     * list.toTable().columnNames()[0] //=> 'traded'
     */
    toTable(): FrameTable;
    /**
     * Converts to a Danfo.js DataFrame (see `toDataFrame`).
     *
     * @returns The DataFrame.
     * @throws ImportError when Danfo is not installed.
     * @example
     * list.toDataFrame().columns.length //=> 11
     */
    toDataFrame(): DanfoDataFrame;

    /**

     * Converts to a nodejs-polars DataFrame (see the free function `toPolars`).

     *

     * @returns The DataFrame.

     * @throws ImportError when nodejs-polars is not installed.

     * @example

     * x.toPolars().columns[0] //=> 'date'

     */

    toPolars(): PolarsDataFrame;
  }
}

declare module '../model/absolute-result' {
  interface AbsoluteResult {
    /**
     * Converts to an Arquero table, one row per instance (see `toTable`).
     *
     * @param opts - `name`, `singleLevelIndex`.
     * @returns The table.
     * @example
     * r.toTable({ singleLevelIndex: true }).columnNames()[0] //=> 'instance'
     */
    toTable(opts?: AbsoluteTableOptions): FrameTable;
    /**
     * Converts to a Danfo.js DataFrame (see `toDataFrame`).
     *
     * @param opts - `name`, `singleLevelIndex`.
     * @returns The DataFrame.
     * @throws ImportError when Danfo is not installed.
     * @example
     * r.toDataFrame().columns[0] //=> 'issued'
     */
    toDataFrame(opts?: AbsoluteTableOptions): DanfoDataFrame;

    /**

     * Converts to a nodejs-polars DataFrame (see the free function `toPolars`).

     *

     * @returns The DataFrame.

     * @throws ImportError when nodejs-polars is not installed.

     * @example

     * x.toPolars().columns[0] //=> 'date'

     */

    toPolars(opts?: AbsoluteTableOptions): PolarsDataFrame;
  }
}

declare module '../model/srmc' {
  interface SRMC {
    /**
     * Converts the payload to an Arquero table (see `toTable`).
     *
     * @param opts - As for the payload; `frequency` is required for a period-based payload.
     * @returns The table.
     * @throws ValueError for a period-based payload without a frequency.
     * @example
     * srmc.toTable().columnNames()[0] //=> 'traded'
     */
    toTable(opts?: SrmcTableOptions): FrameTable;
    /**
     * Converts the payload to a Danfo.js DataFrame (see `toDataFrame`).
     *
     * @param opts - As for the payload.
     * @returns The DataFrame.
     * @throws ImportError when Danfo is not installed.
     * @example
     * srmc.toDataFrame().columns[0] //=> 'traded'
     */
    toDataFrame(opts?: SrmcTableOptions): DanfoDataFrame;

    /**

     * Converts to a nodejs-polars DataFrame (see the free function `toPolars`).

     *

     * @returns The DataFrame.

     * @throws ImportError when nodejs-polars is not installed.

     * @example

     * x.toPolars().columns[0] //=> 'date'

     */

    toPolars(opts?: SrmcTableOptions): PolarsDataFrame;
  }
}

function attach(prototype: object): void {
  const methods = {
    toTable(this: Tabular, opts?: AnyTableOptions): FrameTable {
      return toTable(this, opts);
    },
    toDataFrame(this: Tabular, opts?: AnyTableOptions): DanfoDataFrame {
      return toDataFrame(this, opts);
    },
    toPolars(this: Tabular, opts?: AnyTableOptions): PolarsDataFrame {
      return toPolars(this, opts);
    },
  };
  for (const [name, value] of Object.entries(methods)) {
    Object.defineProperty(prototype, name, { value, writable: true, configurable: true });
  }
}

for (const cls of [Timeseries, TimeseriesList, Periodseries, PeriodseriesList, OHLCList, AbsoluteResult, SRMC]) {
  attach(cls.prototype);
}
