// Deliberate type errors, one per entry point: load-modes.test.ts compiles this file alone and
// expects exactly these three errors (TS2322 at lines 7, 8 and 9), so a check that reports
// nothing cannot pass.
import { Frequency } from 'service';
import { ValidationError } from 'service/exceptions';
import { lineChart } from 'service/plot';
export const a: number = Frequency.P1D;
export const b: boolean = new ValidationError('reason', 'parameter').parameter;
export const c: string = lineChart;
