// Errors raised by the layoutd client (Protocol.md, "Errors").

/** The JSON-RPC error codes layoutd answers with. */
export const ErrorCode = Object.freeze({
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ServerNotInitialized: -32002,
  UnknownSession: -32003,
  InvalidUpdate: -32004,
  LimitExceeded: -32005,
  RequestCancelled: -32800,
});

/**
 * An error response from layoutd: `code`, `message` (its text is part of the contract) and optional `data`.
 * `LayoutdError.fromResponse(error)` returns the subclass matching the code.
 */
export class LayoutdError extends Error {
  /**
   * @param {number} code
   * @param {string} message
   * @param {unknown} [data]
   * @param {{method?: string, cause?: unknown}} [options]
   */
  constructor(code, message, data, options = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    /** @type {number} */
    this.code = code;
    /** @type {unknown} */
    this.data = data;
    /** the wire method of the request this answers, when known */
    this.method = options.method;
  }

  /** The code this class stands for (undefined on the base class). */
  static get CODE() {
    return undefined;
  }

  toString() {
    return `${this.name}: ${this.method ? `${this.method}: ` : ''}${this.message} (${this.code})`;
  }

  /**
   * The typed error for a JSON-RPC error object `{code, message, data?}`.
   * @param {unknown} error
   * @param {string} [method]
   * @returns {LayoutdError}
   */
  static fromResponse(error, method) {
    const object = error !== null && typeof error === 'object' ? error : {};
    let code = object.code;
    if (!Number.isInteger(code)) code = ErrorCode.InternalError;
    const message = typeof object.message === 'string' ? object.message : String(object.message ?? error);
    const Class = BY_CODE.get(code);
    return Class ? new Class(message, object.data, { method }) : new LayoutdError(code, message, object.data, { method });
  }
}

/** -32700: the daemon could not parse a message. */
export class ParseError extends LayoutdError {
  /** @param {string} message @param {unknown} [data] @param {{method?: string, cause?: unknown}} [options] */
  constructor(message, data, options) {
    super(ErrorCode.ParseError, message, data, options);
  }

  static get CODE() {
    return ErrorCode.ParseError;
  }
}

/** -32600: `server is already initialized`, `server is shutting down`. */
export class InvalidRequestError extends LayoutdError {
  /** @param {string} message @param {unknown} [data] @param {{method?: string, cause?: unknown}} [options] */
  constructor(message, data, options) {
    super(ErrorCode.InvalidRequest, message, data, options);
  }

  static get CODE() {
    return ErrorCode.InvalidRequest;
  }
}

/** -32601: `method not found: NAME`. */
export class MethodNotFoundError extends LayoutdError {
  /** @param {string} message @param {unknown} [data] @param {{method?: string, cause?: unknown}} [options] */
  constructor(message, data, options) {
    super(ErrorCode.MethodNotFound, message, data, options);
  }

  static get CODE() {
    return ErrorCode.MethodNotFound;
  }
}

/** -32602: a wrong, missing or out-of-range member, a bad cell spec, or a ROW that names no row. */
export class InvalidParamsError extends LayoutdError {
  /** @param {string} message @param {unknown} [data] @param {{method?: string, cause?: unknown}} [options] */
  constructor(message, data, options) {
    super(ErrorCode.InvalidParams, message, data, options);
  }

  static get CODE() {
    return ErrorCode.InvalidParams;
  }
}

/** -32603: e.g. a cell that cannot be laid out when a query needs its layout. */
export class InternalError extends LayoutdError {
  /** @param {string} message @param {unknown} [data] @param {{method?: string, cause?: unknown}} [options] */
  constructor(message, data, options) {
    super(ErrorCode.InternalError, message, data, options);
  }

  static get CODE() {
    return ErrorCode.InternalError;
  }
}

/** -32002: a request before `initialize`. */
export class ServerNotInitializedError extends LayoutdError {
  /** @param {string} message @param {unknown} [data] @param {{method?: string, cause?: unknown}} [options] */
  constructor(message, data, options) {
    super(ErrorCode.ServerNotInitialized, message, data, options);
  }

  static get CODE() {
    return ErrorCode.ServerNotInitialized;
  }
}

/** -32003: `unknown session "ID"`. */
export class UnknownSessionError extends LayoutdError {
  /** @param {string} message @param {unknown} [data] @param {{method?: string, cause?: unknown}} [options] */
  constructor(message, data, options) {
    super(ErrorCode.UnknownSession, message, data, options);
  }

  static get CODE() {
    return ErrorCode.UnknownSession;
  }
}

/** -32004: an edit or batch update invalid as a whole (nothing changed). */
export class InvalidUpdateError extends LayoutdError {
  /** @param {string} message @param {unknown} [data] @param {{method?: string, cause?: unknown}} [options] */
  constructor(message, data, options) {
    super(ErrorCode.InvalidUpdate, message, data, options);
  }

  static get CODE() {
    return ErrorCode.InvalidUpdate;
  }
}

/** -32005: a limit (maxSessions, maxRowsPerSession) would be exceeded (nothing changed). */
export class LimitExceededError extends LayoutdError {
  /** @param {string} message @param {unknown} [data] @param {{method?: string, cause?: unknown}} [options] */
  constructor(message, data, options) {
    super(ErrorCode.LimitExceeded, message, data, options);
  }

  static get CODE() {
    return ErrorCode.LimitExceeded;
  }
}

/** -32800: `request cancelled` (by `$/cancelRequest`). */
export class RequestCancelledError extends LayoutdError {
  /** @param {string} message @param {unknown} [data] @param {{method?: string, cause?: unknown}} [options] */
  constructor(message, data, options) {
    super(ErrorCode.RequestCancelled, message, data, options);
  }

  static get CODE() {
    return ErrorCode.RequestCancelled;
  }
}

const BY_CODE = new Map(
  [ParseError, InvalidRequestError, MethodNotFoundError, InvalidParamsError, InternalError,
    ServerNotInitializedError, UnknownSessionError, InvalidUpdateError, LimitExceededError,
    RequestCancelledError].map((Class) => [Class.CODE, Class]));

/** Error class for a code (undefined for a code this client does not know). */
export function errorClassForCode(code) {
  return BY_CODE.get(code);
}

/** The daemon's process ended (or its pipes closed) before a request was answered. */
export class LayoutdConnectionError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'LayoutdConnectionError';
  }
}

/** A request was not answered within its `timeout`; the client sent `$/cancelRequest` for it. */
export class LayoutdTimeoutError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'LayoutdTimeoutError';
  }
}

/** No layoutd binary was found; `tried` lists every path (or PATH lookup) tried. */
export class BinaryNotFoundError extends Error {
  /** @param {string[]} tried */
  constructor(tried) {
    super('layoutd binary not found; build it with `swift build -c release` or set LAYOUTD_BINARY. Tried:\n  '
      + tried.join('\n  '));
    this.name = 'BinaryNotFoundError';
    this.code = 'ENOENT';
    this.tried = [...tried];
  }
}
