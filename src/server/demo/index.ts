// The demo dataset generator: catalogue, synthetic power system and the seeding entry point.
export { seedDemo, demoTasks, countValues, type DemoStore, type DemoTask, type SeedDemoOptions, type SeedDemoResult } from './seed-demo';
export { buildCatalogue, ohlcKey, type DemoCatalogue } from './catalogue';
export { CatalogueBuilder, FORECAST_MODELS, type CurveSpec, type ForecastModel } from './catalogue-builder';
export { curveName, makeCurve, splitUnit, DATA_TYPE_LABELS, FREQUENCY_SHORT, type CurveDef } from './curve-names';
export { demoWindow, type DemoWindow, type Preset } from './demo-window';
export { demoApiKey, demoKeyRecord, demoUser, DEMO_DENIED_AREAS, DEMO_USER_ID } from './demo-user';
export { progressBar, renderProgress, type ProgressStream } from './progress-bar';
export { AREA_PROFILES, AGGREGATES, DE_TSO_SHARES, areasOf, type AreaProfile } from './area-profiles';
export { BORDERS, bordersOf, directionsOf, type BorderSpec, type Direction } from './borders';
export { CLIMATE_YEARS } from './emit-climate';
export { FIRST_15MIN_DAY_AHEAD } from './emit-actuals';
export { OHLC_DEFS, FX_DEFS, type OhlcDef, type FxDef, type ContractPeriod } from './market-defs';
export { PLANT_SPECS, SITE_SPECS, placeKey, placeToken } from './places-data';
export { createRng, hashString, type Rng } from './prng';
export { buildWorld, type World } from './world';
