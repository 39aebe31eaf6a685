// What the browsers have and TypeScript 4.8's lib (Debian's node-typescript)
// does not declare yet. Read by the type check only (scripts/check-types.sh);
// not part of the site.
declare class DecompressionStream {
  constructor(format: 'deflate' | 'deflate-raw' | 'gzip');
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<BufferSource>;
}
