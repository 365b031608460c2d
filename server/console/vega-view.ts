/**
 * Draws a Vega-Lite spec in the page: compiled by Vega-Lite, parsed by Vega into an expression
 * tree (`ast: true`) that Vega's interpreter evaluates, so no code is generated at run time (the
 * Content-Security-Policy forbids `eval`); SVG renderer, tooltips from vega-tooltip (its styles are
 * in style.css, as the policy forbids the `<style>` element it would add). Pages load this module
 * with `import()`, so Vega is fetched only by pages that chart.
 *
 * @module
 */
import { parse, View } from 'vega';
import { expressionInterpreter } from 'vega-interpreter';
import { compile, type TopLevelSpec } from 'vega-lite';
import { Handler } from 'vega-tooltip';

/** A drawn chart. */
export interface DrawnChart {
  /** Stops the view (its listeners and timers). */
  finalize(): void;
}

/**
 * Draws a chart into a container (emptied first).
 *
 * @param container - The element.
 * @param spec - A Vega-Lite spec (from the project's chart builders).
 * @returns The drawn chart.
 */
export async function drawChart(container: HTMLElement, spec: object): Promise<DrawnChart> {
  // The chart builders freeze their specs; Vega annotates the data it is given, so it gets a copy.
  const vega = compile(structuredClone(spec) as TopLevelSpec).spec;
  const runtime = parse(vega, undefined, { ast: true });
  const tooltip = new Handler({ disableDefaultStyle: true });
  const view = new View(runtime, { expr: expressionInterpreter, renderer: 'svg', container, hover: true, tooltip: tooltip.call });
  await view.runAsync();
  const svg = container.querySelector('svg');
  svg?.setAttribute('role', 'img');
  svg?.setAttribute('aria-label', container.getAttribute('aria-label') ?? 'Chart');
  return { finalize: () => view.finalize() };
}
