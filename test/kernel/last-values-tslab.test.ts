// Cells that end with a value, ten headless runs on the tslab kernel, never a missing output (last-values.ts).
import { lastValuesOn } from './last-values';

lastValuesOn('tslab');
