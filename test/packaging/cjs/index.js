'use strict';
// Loads the packed `service` the CommonJS way (as a tslab cell, which is compiled to CommonJS) and
// prints one JSON line of facts for test/package/load-modes.test.ts to check.
const service = require('service');
const exceptions = require('service/exceptions');
const plot = require('service/plot');

const { CET, Frequency, Resolution, ServiceClient, Timeseries, toDataFrame, toTable } = service;

async function main() {
  // 2024-01-01T00:00Z and 01:00Z, hourly in CET: two rows.
  const ts = new Timeseries({
    resolution: new Resolution(Frequency.PT1H, CET),
    times: [Date.UTC(2024, 0, 1, 0), Date.UTC(2024, 0, 1, 1)],
    values: [5, 6],
  });
  const svg = await plot.lineChart(ts).toSVG();

  // danfojs is an optional peer that this project does not install: one clear ImportError.
  let danfo = null;
  try {
    toDataFrame(ts);
  } catch (err) {
    danfo = { name: err.name, message: err.message, isImportError: err instanceof exceptions.ImportError };
  }

  // Input is checked before any request (the URL is a closed loopback port in any case).
  const client = new ServiceClient({ apiKey: 'packaging-test', apiUrl: 'http://127.0.0.1:9/api', retry: { tries: 1 } });
  let validation = null;
  try {
    await client.timeseries.load('DE Wind Power Production MWh/h 15min Actual', { begin: 'not a date', end: '2024-01-02' });
  } catch (err) {
    validation = { name: err.name, parameter: err.parameter, isValidationError: err instanceof exceptions.ValidationError };
  }

  const facts = {
    resolved: require.resolve('service'),
    root: Object.keys(service).sort(),
    exceptions: Object.keys(exceptions).sort(),
    plot: Object.keys(plot).sort(),
    sameErrorClasses: exceptions.ValidationError === service.ValidationError,
    tableRows: toTable(ts).numRows(),
    methodTableRows: ts.toTable().numRows(),
    svgStart: svg.slice(0, 4),
    danfo,
    validation,
  };
  process.stdout.write(`${JSON.stringify(facts)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
