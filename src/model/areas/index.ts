export { Area } from './area';
export { Border } from './border';
export { AREA_ROWS, BORDER_PAIRS } from './area-data';
export type { AreaRow } from './area-data';
