// OHLC market data: front numbering, trading-day fallback, forward curves and contract series.
export * from './contract-span';
export * from './front-numbers';
export * from './trading-day';
export * from './forward-curve';
export * from './contract-series';
