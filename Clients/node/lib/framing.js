// LSP base-protocol framing: `Content-Length: N\r\n\r\n` followed by N bytes of UTF-8 JSON.

const HEADER_END = Buffer.from('\r\n\r\n', 'latin1');

/** The byte stream is not valid LSP framing or JSON. */
export class FramingError extends Error {
  constructor(message) {
    super(message);
    this.name = 'FramingError';
  }
}

/**
 * Serializes one JSON-RPC message (or batch) into a frame.
 * @param {unknown} message
 * @returns {Buffer}
 */
export function encodeMessage(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'latin1'), body]);
}

function contentLength(headerText) {
  let length = null;
  for (const line of headerText.split('\r\n')) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon < 0) throw new FramingError(`malformed header line ${JSON.stringify(line)}`);
    const name = line.slice(0, colon).trim().toLowerCase();
    if (name !== 'content-length') continue; // e.g. Content-Type
    const value = line.slice(colon + 1).trim();
    if (!/^\d+$/.test(value)) throw new FramingError(`bad Content-Length ${JSON.stringify(value)}`);
    length = Number(value);
  }
  return length;
}

/**
 * Incremental decoder: `push(chunk)` returns every message the chunk completes, in order.
 */
export class FrameDecoder {
  constructor() {
    /** @type {Buffer[]} */
    this._chunks = [];
    this._size = 0;
    /** @type {number | null} */
    this._length = null;
  }

  /** Bytes received but not yet part of a complete message. */
  get pendingBytes() {
    return this._size;
  }

  _buffer() {
    if (this._chunks.length > 1) this._chunks = [Buffer.concat(this._chunks, this._size)];
    return this._chunks[0] ?? Buffer.alloc(0);
  }

  _consume(n) {
    const buffer = this._buffer();
    const rest = buffer.subarray(n);
    this._chunks = rest.length ? [rest] : [];
    this._size = rest.length;
  }

  /**
   * @param {Buffer} chunk
   * @returns {unknown[]} the decoded messages
   */
  push(chunk) {
    if (chunk.length) {
      this._chunks.push(chunk);
      this._size += chunk.length;
    }
    const out = [];
    for (;;) {
      if (this._length === null) {
        const buffer = this._buffer();
        const end = buffer.indexOf(HEADER_END);
        if (end < 0) {
          if (this._size > 65536) throw new FramingError('header longer than 64 KiB');
          break;
        }
        const header = buffer.toString('latin1', 0, end);
        this._consume(end + 4);
        if (header.trim() === '') continue; // stray blank lines between frames
        const length = contentLength(header);
        if (length === null) throw new FramingError('frame without Content-Length');
        this._length = length;
      }
      if (this._size < this._length) break;
      const buffer = this._buffer();
      const body = buffer.toString('utf8', 0, this._length);
      this._consume(this._length);
      this._length = null;
      try {
        out.push(JSON.parse(body));
      } catch (error) {
        throw new FramingError(`invalid JSON body: ${error.message}`);
      }
    }
    return out;
  }
}
