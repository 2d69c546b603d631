/**
 * Typed arrays the size of a scan (a value per record or per candidate pair), in memory
 * that V8 does not count as the heap's external memory. Every few dozen megabytes of
 * ArrayBuffer allocated start a full collection of the heap, which late in a large scan holds
 * gigabytes of live strings and finds nothing to free: 800 MB of Int32Arrays allocated beside
 * 900 MB of objects took 3.7 s and four full collections; in SharedArrayBuffers, 3 ms and
 * none (see docs/decisions/028). Their memory goes back when the array is collected, as an
 * ArrayBuffer's does; small arrays stay ordinary ones.
 */

/**
 * Below this many bytes an array is an ordinary one. A dead SharedArrayBuffer waits for the
 * next full collection the heap's own growth starts, so smaller arrays stay where V8 frees
 * them sooner: at 1 MB the million-contact CSV's peak reached 1,944 MiB (1,658-1,944 MiB in
 * 19 runs, against 1,621-1,782 MiB for the builds before), at 16 MB 1,631-1,794 MiB.
 */
const LARGE_BYTES = 16 << 20;

function buffer(bytes: number): ArrayBufferLike {
  return bytes < LARGE_BYTES ? new ArrayBuffer(bytes) : new SharedArrayBuffer(bytes);
}

export function largeInt32Array(length: number): Int32Array {
  return new Int32Array(buffer(length * 4));
}

export function largeUint32Array(length: number): Uint32Array {
  return new Uint32Array(buffer(length * 4));
}

export function largeFloat64Array(length: number): Float64Array {
  return new Float64Array(buffer(length * 8));
}

export function largeUint8Array(length: number): Uint8Array {
  return new Uint8Array(buffer(length));
}

/** 0, 1, ..., length - 1. */
export function largeIdentity(length: number): Int32Array {
  const out = largeInt32Array(length);
  for (let i = 0; i < length; i++) out[i] = i;
  return out;
}
