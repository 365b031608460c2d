import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ParseException } from '../../../src/exceptions';
import { Frequency, GAS_DAY } from '../../../src/time';
import { parseResolution, serializeResolution } from '../../../src/wire';

const fails = (json: unknown, message: string) =>
  assert.throws(
    () => parseResolution(json),
    (e: unknown) => e instanceof ParseException && e.message === message,
    message,
  );

test('frequency tags ignore case and PT60M is PT1H; zones by name', () => {
  const r = parseResolution({ frequency: 'pt60m', timezone: 'CET' });
  assert.is(r.frequency, Frequency.PT1H);
  assert.equal(serializeResolution(r), { frequency: 'PT1H', timezone: 'CET' });
  const gas = parseResolution({ frequency: 'P1D', timezone: 'Europe/Gas_Day' });
  assert.is(gas.zone, GAS_DAY);
  assert.equal(serializeResolution(gas), { frequency: 'P1D', timezone: 'Europe/Gas_Day' });
  assert.equal(serializeResolution(parseResolution({ frequency: 'NONE', timezone: 'Europe/Oslo' })), {
    frequency: 'NONE',
    timezone: 'Europe/Oslo',
  });
});

test('missing or bad resolutions raise ParseException', () => {
  fails(undefined, 'resolution: expected an object, got nothing');
  fails({ timezone: 'CET' }, 'resolution.frequency: expected a string, got nothing');
  fails({ frequency: 'PT7M', timezone: 'CET' }, 'resolution.frequency: unknown Frequency tag, got "PT7M"');
  fails({ frequency: 'PT1H' }, 'resolution.timezone: expected a string, got nothing');
  fails({ frequency: 'PT1H', timezone: 'Mars/Olympus' }, 'resolution.timezone: Unknown time zone: "Mars/Olympus"');
});

test.run();
