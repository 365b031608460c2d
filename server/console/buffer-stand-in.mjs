// The `Buffer` global for the console bundle (scripts/build-console.mjs injects it): the client
// turns answer bytes into text with `Buffer.from(bytes).toString('utf8')`, which a browser does
// with TextDecoder. Only what the client's browser path uses is here.
class BrowserBuffer extends Uint8Array {
  toString(encoding = 'utf8') {
    if (encoding !== 'utf8' && encoding !== 'utf-8') throw new Error(`Buffer encoding ${encoding} is not available in a browser`);
    return new TextDecoder().decode(this);
  }
}

export const Buffer = {
  from(data, offsetOrEncoding, length) {
    if (typeof data === 'string') return new BrowserBuffer(new TextEncoder().encode(data));
    if (data instanceof ArrayBuffer) return new BrowserBuffer(data, offsetOrEncoding ?? 0, length ?? data.byteLength - (offsetOrEncoding ?? 0));
    return new BrowserBuffer(data.buffer, data.byteOffset, data.byteLength);
  },
};
