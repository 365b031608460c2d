// `#wire` (package.json "imports"): the client package's protocol layer, its built src/wire.
// The client does not publish it as an entry point; the server, always beside the client in this
// repository, reaches it here. Development runs map `#wire` to the sources instead (tsconfig.json
// "paths", which tsx reads too), so tests and benches load one copy of every class.
module.exports = require('../dist/wire/index.js');
