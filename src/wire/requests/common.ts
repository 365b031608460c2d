import { DATE, DATE_TIME, integer, optionalParam, requiredParam } from '../params';

/** `begin` as a required date-time (data operations; inclusive). */
export const BEGIN = requiredParam('begin', DATE_TIME);
/** `end` as a required date-time (data operations; exclusive). */
export const END = requiredParam('end', DATE_TIME);
/** `begin` as a required date (OHLC and SRMC trading dates). */
export const BEGIN_DATE = requiredParam('begin', DATE);
/** `end` as a required date (OHLC and SRMC trading dates). */
export const END_DATE = requiredParam('end', DATE);
/** `date`: the trading day of OHLC and SRMC `latest` operations. */
export const TRADING_DATE = optionalParam('date', DATE);
/** `page`: the page number of a paged search (first page 1). */
export const PAGE_NUMBER = integer({ min: 1 });
