// Plots: Vega-Lite v5 chart builders over model objects and tables, SVG/PNG rendering without a
// browser, and notebook display. Exported as `service/plot`. vega, vega-lite and resvg are
// loaded on first render, in `vega-runtime.ts` only.

// Charts
export { Chart, VEGALITE_MIME, type ChartBundle, type ChartFallback, type ChartInit } from './chart';
export type { ChartOptions } from './spec-parts';
export { lineChart, type LineChartOptions } from './line-chart';
export { stackedAreaChart, type StackedAreaChartOptions } from './area-chart';
export { scenarioFanChart, type ScenarioFanChartOptions } from './scenario-fan';
export { forecastVintagesChart, type ForecastVintagesChartOptions } from './vintages-chart';
export { ohlcChart, type OHLCChartOptions } from './ohlc-chart';
export { forwardCurveChart, type ForwardCurveChartOptions, type ForwardCurveInput } from './forward-curve-chart';
export { heatmapChart, type HeatmapChartOptions } from './heatmap-chart';
export { correlation, correlationChart, scatterChart, type CorrelationChartOptions, type ScatterChartOptions } from './correlation-chart';
export { durationCurveChart, type DurationCurveChartOptions } from './duration-curve-chart';
export { skillChart, type SkillChartOptions } from './skill-chart';

// Inputs
export type { SeriesInput, SeriesSourceOptions } from './series-source';
export type { TableLike, TableSourceOptions } from './table-source';

// Rendering
export { compileSpec, renderPng, renderSvg, type CompiledSpec, type PngOptions, type VegaLiteSpec, type VegaSpec } from './vega-runtime';
export { DEFAULT_MAX_POINTS } from './downsample';
export { wallClockMillis } from './wall-clock';

// Notebook display
export { display, mimeBundle, type DisplayOptions } from './display';
export { registerTableHtml, type TableHtmlOptions, type TableHtmlRenderer } from './table-html';
export type { MimeBundle } from '../model/notebook-output';
