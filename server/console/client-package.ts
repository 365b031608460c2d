/**
 * What the console takes from the client package, in one place: the client, its errors, the
 * model's enumerations and the chart builders (`skillChart` for the Accuracy section). Everything the console shows comes through
 * `ServiceClient`, the same client notebooks use, so what a key may not load the console cannot
 * show either.
 *
 * @module
 */
export { ServiceClient } from '../../src/client/service-client';
export { clientTransport } from '../../src/client/base-client';
export { HTTPError, NotFoundError, UnauthorizedError, ValidationError } from '../../src/exceptions';
export { Area } from '../../src/model/areas/area';
export { CurveType } from '../../src/model/enums/curve-type';
export { DataType } from '../../src/model/enums/data-type';
export type { Curve } from '../../src/model/curve';
export { Frequency } from '../../src/time/frequency';
export { unitLabel } from '../../src/plot/series-source';
export { skillChart } from '../../src/plot/skill-chart';
export type { SkillResult } from '../../src/engine/skill/skill-result';
export type { MetadataCurvesOptions } from '../../src/wire/requests/metadata';
export { errorFromResponse } from '../../src/exceptions';
export type { CurveEvent, EventsConnection } from '../../src/client/events';
export type { ImportSummaryJson, KeyJson, NewKeyJson } from '../../src/wire/json/admin';
