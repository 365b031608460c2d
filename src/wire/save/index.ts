// Saving from the client (docs/data-out.md#saving): curve definitions and series checked before
// sending, and written as one JSON import file for the service's import route.
export * from './curve-definition';
export * from './series-fit';
export * from './save-body';
