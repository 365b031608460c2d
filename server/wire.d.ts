// The declarations of `#wire` (see wire.js): those of the client's built protocol layer.
export * from '../dist/wire/index';
