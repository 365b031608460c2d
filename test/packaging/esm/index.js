// Loads the packed `service` as an ES module (the ES entries dist/*.mjs, which re-export the
// CommonJS build by name) and prints one JSON line of facts for test/package/load-modes.test.ts to check.
import { createRequire } from 'node:module';
import * as service from 'service';
import { Frequency, ServiceClient, Timeseries, toTable, ValidationError } from 'service';
import * as exceptions from 'service/exceptions';
import { ImportError } from 'service/exceptions';
import * as plot from 'service/plot';
import { lineChart } from 'service/plot';

const require = createRequire(import.meta.url);
// Node adds `default`, `__esModule` (the build's marker) and, on newer versions, `module.exports`
// to the namespace of a CommonJS module: they are not part of the API.
const named = (ns) => Object.keys(ns).filter((k) => !['default', '__esModule', 'module.exports'].includes(k)).sort();

// 2024-01-01T00:00Z and 01:00Z, hourly in CET: two rows.
const ts = new Timeseries({
  resolution: new service.Resolution(Frequency.PT1H, service.CET),
  times: [Date.UTC(2024, 0, 1, 0), Date.UTC(2024, 0, 1, 1)],
  values: [5, 6],
});

const facts = {
  resolved: import.meta.resolve('service'),
  root: named(service),
  exceptions: named(exceptions),
  plot: named(plot),
  sameAsRequire: require('service').ServiceClient === ServiceClient && require('service/plot').lineChart === lineChart,
  sameErrorClasses: exceptions.ValidationError === ValidationError && service.ImportError === ImportError,
  tableRows: toTable(ts).numRows(),
  svgStart: (await lineChart(ts).toSVG()).slice(0, 4),
};
process.stdout.write(`${JSON.stringify(facts)}\n`);
