// The demo dataset generator: catalogue, synthetic power system and the seeding entry point.
export { seedDemo, countValues, type DemoStore, type SeedDemoOptions, type SeedDemoResult } from './seed-demo';
export { buildCatalogue } from './catalogue';
export { curveName, makeCurve, splitUnit, DATA_TYPE_LABELS, FREQUENCY_SHORT } from './curve-names';
export { DEMO_DENIED_AREAS } from './demo-user';
export { progressBar, renderProgress, type ProgressStream } from './progress-bar';
export { historyCurves, MAX_HISTORY_YEARS, seedLongHistory } from './long-history';
export { parseAnchor } from './demo-time';
