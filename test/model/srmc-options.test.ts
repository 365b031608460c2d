import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Area, FuelType, SRMCOptions } from '../../src/model';
import * as s from './samples';

test('fields and defaults', () => {
  const o = s.srmcOptions();
  assert.equal(
    [o.fuelType, o.api2TonneToMwh, o.gasThermToMwh, o.efficiency, o.carbonEmissions, o.carbonTaxArea],
    [FuelType.COAL, 6.978, null, 0.42, 0.34056, null],
  );
  assert.is(o.with({ carbonTaxArea: Area.byTag('GB') }).carbonTaxArea, Area.byTag('GB'));
  assert.is(o.with({ carbonTaxArea: Area.byTag('') }).carbonTaxArea, null);
});

test('equals, toJSON, toString', () => {
  const o = s.srmcOptions();
  assert.ok(o.equals(s.srmcOptions()));
  assert.not.ok(o.equals(o.with({ efficiency: 0.5 })));
  const gas = new SRMCOptions({ fuelType: FuelType.GAS, gasThermToMwh: 0.029307, carbonTaxArea: Area.byTag('GB') });
  assert.equal(gas.toJSON(), {
    fuel_type: 'GAS',
    api2_tonne_to_mwh: null,
    gas_therm_to_mwh: 0.029307,
    efficiency: null,
    carbon_emissions: null,
    carbon_tax_area: 'GB',
  });
  assert.is(o.toString(), '<SRMCOptions: fuel_type=COAL, api2_tonne_to_mwh=6.978, efficiency=0.42, carbon_emissions=0.34056>');
});

test.run();
