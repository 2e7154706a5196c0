// layoutd — a Node.js client for the layoutd daemon (Protocol.md). No dependencies.

export { Client, Session, VERSION } from './lib/client.js';
export { Connection, Notification, PendingRequest } from './lib/connection.js';
export {
  BinaryNotFoundError, ErrorCode, errorClassForCode, InternalError, InvalidParamsError, InvalidRequestError,
  InvalidUpdateError, LayoutdConnectionError, LayoutdError, LayoutdTimeoutError, LimitExceededError,
  MethodNotFoundError, ParseError, RequestCancelledError, ServerNotInitializedError, UnknownSessionError,
} from './lib/errors.js';
export { encodeMessage, FrameDecoder, FramingError } from './lib/framing.js';
export {
  EVENT_HOOKS, INTERFACE_STATE_CHANGED, NODE_RELEASED, NodeController, NodeControllerRegistry,
} from './lib/controllers.js';
export {
  ACCESSORY_WIDTHS, CLIENT_NOTIFICATIONS, COALESCED_NOTIFICATIONS, compact, expandCoalesced, INTERFACE_STATES, METHODS,
  NOTIFICATIONS, PROTOCOL_VERSION, rowParam, SELECTION_STYLES, SERVER_REQUESTS,
} from './lib/protocol.js';
export { findBinary, repoRoots } from './lib/spawn.js';
export * as ops from './lib/ops.js';
