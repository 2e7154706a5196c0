// Type declarations for the layoutd Node client (Protocol.md is the reference for every shape).

/// <reference types="node" />
import { EventEmitter } from 'node:events';
import { ChildProcessWithoutNullStreams } from 'node:child_process';

// ------------------------------------------------------------------------------------------- values

/** A row: its id, or `[section, row]`. */
export type Row = string | [number, number] | readonly number[];
/** `[section, row]`. */
export type IndexPath = [number, number];
/** A cell spec (Protocol.md "Layout specs"): a JSON object with a `type`. */
export type Spec = { type: string; id?: string; name?: string; style?: Record<string, unknown>; [member: string]: unknown };
export type InterfaceStateName = 'measureLayout' | 'preload' | 'display' | 'visible';
export type InterfaceEvent =
  | 'didEnterPreload' | 'didExitPreload' | 'didEnterDisplay' | 'didExitDisplay' | 'didEnterVisible' | 'didExitVisible';
export type RangeMode = 'minimum' | 'full' | 'visibleOnly' | 'lowMemory';
export type RangeType = 'display' | 'preload';
export type ScrollPosition = 'none' | 'top' | 'middle' | 'bottom' | 'left' | 'right';  // left, right: horizontal collections and pagers
export type ApplicationEvent = 'didEnterBackground' | 'willEnterForeground' | 'memoryWarning';
export type BatchFetchState = 'completed' | 'fetching' | 'cancelled';

export interface Size { width: number; height: number }
export interface Point { x: number; y: number }
export interface Rect { x: number; y: number; width: number; height: number }
export interface ContentOffset { x: number; y: number }

/** A row's accessory (UIKit's `UITableViewCellAccessoryType`). */
export type AccessoryType = 'none' | 'disclosureIndicator' | 'detailDisclosureButton' | 'checkmark' | 'detailButton';
/** A row's selection highlight (UIKit's `UITableViewCellSelectionStyle`). */
export type SelectionStyle = 'none' | 'blue' | 'gray' | 'default';
/** A row's height range (`tableNode:constrainedSizeForRowAtIndexPath:`; max absent: unbounded). */
export interface HeightRange { min?: number; max?: number }
/** The horizontal part of a row's separator inset (points). */
export interface SeparatorInset { left?: number; right?: number }
/** A collection item's size range (`collectionNode:constrainedSizeForItemAtIndexPath:`; a max absent: unbounded). */
export interface ItemSizeRange { min?: { width?: number; height?: number }; max?: { width?: number; height?: number } }
/** What queries report of a row beside its frame or height (members that differ from the defaults). */
export interface RowMembers {
  selected?: boolean; heightRange?: HeightRange; accessoryType?: AccessoryType; selectionStyle?: SelectionStyle;
  separatorInset?: { left: number; right: number }; contentWidth?: number;
}
/** A row to insert: `{id?, cell, neverShowPlaceholders?, heightRange?, accessoryType?, selectionStyle?, separatorInset?,
 * sizeRange?}` (`sizeRange` for a collection's item only). */
export interface NewRow {
  id?: string; cell: Spec; neverShowPlaceholders?: boolean; heightRange?: HeightRange | null;
  accessoryType?: AccessoryType | null; selectionStyle?: SelectionStyle | null; separatorInset?: SeparatorInset | null;
  sizeRange?: ItemSizeRange | null;
}
export interface SelectedRow { rowId: string; indexPath: IndexPath }
/** A section header or footer: a fixed height, or a cell laid out like a row. */
export type HeaderFooter = { height: number } | { id?: string; cell: Spec };
export interface NewSection { rows: NewRow[]; header?: HeaderFooter; footer?: HeaderFooter }
export interface ReloadedSection { section: number; rows: NewRow[]; header?: HeaderFooter | null; footer?: HeaderFooter | null }
export interface DescribedSupplementary { type: 'fixed' | 'cell'; id?: string; height?: number }
export interface SupplementaryFrame {
  kind: 'header' | 'footer'; section: number; rowId?: string; frame: Rect; contentFrame: Rect; floating: boolean;
}
/** A row, or a header or footer, as the element queries name it. */
export type Element = ({ kind: 'row' } & RowFrame) | SupplementaryFrame;
export interface SetSupplementaryResult { seq: number; rowId?: string }
export interface RowReload { row: Row; cell: Spec }

export interface RowFrame extends RowMembers { rowId: string; indexPath: IndexPath; frame: Rect }
export interface SeqResult { seq: number }
export interface InsertRowsResult { seq: number; rowIds: string[] }
export interface SectionsResult { seq: number; rowIds: string[][] }
export interface BatchResult { seq: number; insertedRowIds: string[] }
export interface SetViewportResult { seq: number; relayoutRows: number; contentOffset: ContentOffset }
export interface WaitResult { seq: number; contentSize: Size }
export interface DescribedRow extends RowMembers { id: string; height?: number }
export interface DescribeResult {
  seq: number; contentSize: Size;
  sections: { header?: DescribedSupplementary; rows: DescribedRow[]; footer?: DescribedSupplementary }[];
}
export interface TextLine { range: [number, number]; x: number; width: number; baseline: number; truncated: boolean }
export interface ElementFrame { type: string; id?: string; name?: string; frame: Rect; lines?: TextLine[] }
/** `indexPath` for a row; `kind` and `section` for a header or footer cell named by its id. */
export interface ElementFramesResult {
  rowId: string; indexPath?: IndexPath; kind?: 'header' | 'footer'; section?: number; size: Size; elements: ElementFrame[];
}
/** An element of a layout transition's side, with the key matching it across both sides. */
export interface TransitionElement extends ElementFrame { key: string }
/** One layout of a transition; `error` when it failed (then no elements, height 0). */
export interface TransitionSide { size: Size; elements: TransitionElement[]; error?: string }
/** `cell/setNeedsLayout` with `transition: true`. */
export interface TransitionResult {
  seq: number; rowId: string; indexPath: IndexPath; before: TransitionSide; after: TransitionSide;
  inserted: string[]; removed: string[];
}
/** An entry of `table/didCommit`'s `changeFrames` (no `before` for an inserted row, no `after` for a deleted one). */
export interface RowChangeFrame { rowId: string; before?: Rect; after?: Rect }
export type DisplayItem =
  | { kind: 'rect'; type: string; id?: string; name?: string; frame: Rect }
  | { kind: 'text'; id?: string; name?: string; frame: Rect; font: { family: string; size: number; weight: number };
      color?: string; lines: { text: string; x: number; baseline: number; width: number }[] }
  | { kind: 'image'; id?: string; name?: string; frame: Rect; source?: string };
export interface DisplayListResult { rowId: string; displayed: boolean; size: Size; items: DisplayItem[] }
export interface ScrollResult {
  contentOffset: ContentOffset; visibleRowIds: string[]; placeholderRowIds: string[]; rangeMode: RangeMode;
}
export interface BatchFetchResult { state: BatchFetchState; leadingScreens: number }
export interface Tuning { leadingBufferScreenfuls: number; trailingBufferScreenfuls: number }
export type TuningParametersResult = Tuning | Partial<Record<RangeMode, { display: Tuning; preload: Tuning }>>;
export interface RangeModeResult { rangeMode: RangeMode }
export interface RangesResult {
  /** `visible`: the table is in its window; `visibleRowIds`: the visible rows. */
  contentOffset: ContentOffset; rangeMode: RangeMode; visible: boolean; visibleRowIds: string[];
  batchContext: BatchFetchResult;
  rows: { rowId: string; indexPath: IndexPath; state: InterfaceStateName[] }[];
  /** Header and footer cells holding a state above measureLayout, when any does. */
  supplementaries?: { rowId: string; kind: 'header' | 'footer'; section: number; state: InterfaceStateName[] }[];
}
export interface Limits { maxSessions: number; maxRowsPerSession: number; maxCellDepth: number; maxCellElements: number }
export interface InitializationOptions {
  fontDirectories?: string[];
  limits?: Partial<Limits>;
  /** `"coalesced"` (what the client asks for unless told otherwise) or `"perRow"`. */
  notifications?: 'perRow' | 'coalesced';
}
export interface InitializeResult {
  serverInfo: { name: string; version: string };
  protocolVersion: string;
  capabilities: {
    sessions: boolean; tableNode: boolean; layoutSpecs: string[]; notifications: string[]; limits: Limits;
    [member: string]: unknown;
  };
}

// ------------------------------------------------------------------------------------------- notifications

export interface DidCommitParams {
  sessionId: string; seq: number; contentSize: Size; insertedRowIds?: string[]; deletedRowIds?: string[];
  /** With `createSession({changeFrames: true})`: the rows the change set affected. */
  changeFrames?: RowChangeFrame[];
}
export interface HeightChangedParams {
  sessionId: string; rowId: string; indexPath: IndexPath; oldHeight: number; newHeight: number; oldWidth?: number; newWidth?: number; contentSize: Size; seq: number;
}
export interface ContentSizeChangedParams { sessionId: string; contentSize: Size; seq: number }
export interface ContentOffsetChangedParams {
  sessionId: string; contentOffset: ContentOffset; oldContentOffset: ContentOffset; reason: 'anchoring' | 'clamped' | 'inverted';
}
export interface WillBeginBatchFetchParams { sessionId: string; contentSize: Size; contentOffset: ContentOffset }
export interface InterfaceStateChangedParams {
  sessionId: string; rowId: string; indexPath?: IndexPath; kind?: 'header' | 'footer'; section?: number;
  oldState: InterfaceStateName[]; newState: InterfaceStateName[]; events: InterfaceEvent[];
}
/** A commit released the row's cell node (deleted, reloaded, moved, reloadData); `state` never holds `visible`. */
export interface NodeReleasedParams { sessionId: string; rowId: string; state: InterfaceStateName[] }
export interface DidDisplayParams { sessionId: string; rowId: string; error?: string }
export interface LogMessageParams { type: number; message: string }
export interface SelectionChangedParams {
  sessionId: string; selected: string[]; deselected: string[]; rows: SelectedRow[]; seq: number;
}
export interface SupplementaryHeightChangedParams {
  sessionId: string; kind: 'header' | 'footer'; section: number; rowId: string; oldHeight: number; newHeight: number;
  contentSize: Size; seq: number;
}

/** An LSP position: zero-based line and character (in the encoding agreed at `initialize`). */
export interface TextPosition { line: number; character: number; }
/** An LSP range. */
export interface TextRange { start: TextPosition; end: TextPosition; }
/** One problem of a layout-spec document. */
export interface SpecDiagnostic { range: TextRange; severity: 1 | 2; source: 'layoutd'; message: string; }
/** An element (kind 19) or a table document's row (kind 2). */
export interface DocumentSymbol {
  name: string; detail: string; kind: 2 | 19; range: TextRange; selectionRange: TextRange; children: DocumentSymbol[];
}
export interface PublishDiagnosticsParams { uri: string; version?: number; diagnostics: SpecDiagnostic[]; }

/** Server → client notifications by method. */
export interface NotificationParamsMap {
  'table/didCommit': DidCommitParams;
  'table/heightChanged': HeightChangedParams;
  'table/contentSizeChanged': ContentSizeChangedParams;
  'table/contentOffsetChanged': ContentOffsetChangedParams;
  'table/willBeginBatchFetch': WillBeginBatchFetchParams;
  'cell/interfaceStateChanged': InterfaceStateChangedParams;
  'cell/nodeReleased': NodeReleasedParams;
  'cell/didDisplay': DidDisplayParams;
  'window/logMessage': LogMessageParams;
  'table/selectionChanged': SelectionChangedParams;
  'table/supplementaryHeightChanged': SupplementaryHeightChangedParams;
  /** Coalesced (expanded by the client before anyone sees it). */
  'table/heightsChanged': { sessionId: string; seq: number; contentSize: Size; changes: Record<string, unknown>[] };
  /** Coalesced (expanded by the client before anyone sees it). */
  'cell/interfaceStatesChanged': { sessionId: string; changes: Record<string, unknown>[] };
  'textDocument/publishDiagnostics': PublishDiagnosticsParams;
  'window/showMessage': { type: 3; message: string };
}
export type NotificationMethod = keyof NotificationParamsMap;

/** A server-to-client notification: `method`, `params` and `seq` (its arrival number, from 1). */
export declare class Notification<P = Record<string, any>> {
  constructor(method: string, params: unknown, seq: number);
  readonly method: string;
  readonly params: P;
  readonly seq: number;
  /** The notification's `sessionId`, if it has one. */
  readonly sessionId: string | undefined;
}

export interface NotificationStreamOptions {
  /** Only this method (or these methods; `'*'` = all). */
  method?: string | string[];
  /** Only notifications of this session. */
  sessionId?: string;
  filter?: (note: Notification) => boolean;
  /** First yield the buffered notifications whose `seq` is greater (see `client.notificationSeq`). */
  since?: number;
  /** End the iteration after this many ms without a notification. */
  idleTimeout?: number;
  /** Abort the iteration (it rejects with the signal's reason). */
  signal?: AbortSignal;
}

export interface WaitForOptions {
  sessionId?: string;
  filter?: (note: Notification) => boolean;
  since?: number;
  /** ms; rejects with LayoutdTimeoutError. */
  timeout?: number;
  signal?: AbortSignal;
}

// ------------------------------------------------------------------------------------------- options

/** Per-request options; every typed method accepts them in its last (options) argument. */
export interface RequestOptions {
  /** Aborting sends `$/cancelRequest`; the promise then settles with the daemon's answer (usually -32800). */
  signal?: AbortSignal;
  /** ms; on expiry `$/cancelRequest` is sent and the promise rejects with LayoutdTimeoutError. */
  timeout?: number;
}

export interface ClientOptions {
  /** The daemon; default: `$LAYOUTD_BINARY`, `<repo>/.build/release/layoutd`, `<repo>/.build/debug/layoutd`, PATH. */
  binary?: string;
  /** Arguments, e.g. `['--log-level', 'info']`. */
  args?: string[];
  /** Added to the environment. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Sent with `initialize`. */
  initializationOptions?: InitializationOptions;
  /** `false`: spawn only; call `initialize()` / `initialized()` yourself. */
  initialize?: boolean;
  processId?: number | null;
  clientInfo?: { name: string; version?: string };
  initializeTimeout?: number;
  /** Default timeout (ms) of every request; none by default. */
  requestTimeout?: number;
  /** ms to wait for `shutdown` and for the exit before SIGTERM / SIGKILL (5000). */
  shutdownTimeout?: number;
  /** ms to wait for the daemon's answer after an abort before rejecting locally (2000). */
  cancelGrace?: number;
  /** Notifications kept in `recentNotifications` (1000). */
  notificationBuffer?: number;
  /** Lines kept in `stderrTail` (200). */
  stderrLines?: number;
  /** Called with every line of the daemon's stderr (it is always drained). */
  onStderr?: (line: string) => void;
  /** Keep Node running while the client is open, even when idle (default: only while busy or listened to). */
  keepAlive?: boolean;
  /** Shut the daemon down gracefully when Node's event loop runs dry with the client open (true). */
  autoClose?: boolean;
}

export interface CreateSessionOptions extends RequestOptions {
  width?: number;
  height?: number;
  /** Instead of `width` and `height`. */
  viewport?: Size;
  scale?: number;
  separators?: boolean;
  sessionId?: string;
  interfaceStates?: boolean;
  batchFetching?: boolean;
  scrollAnchoring?: boolean;
  /**
   * true: a cell naming a font family that is not installed is accepted and its layout fails (height 0, a
   * `window/logMessage`); by default such a cell is refused when it is decoded (InvalidParamsError).
   */
  lenientFonts?: boolean;
  /**
   * `ASTableNode.inverted` (fixed for the session): row 0 at the visual bottom; every offset, inset, frame, point
   * and rect on the wire is visual (y down on screen, 0 at the top of the last row).
   */
  inverted?: boolean;
  /** Every `table/didCommit` carries `changeFrames`: the affected rows' frames before and after. */
  changeFrames?: boolean;
  /** UIKit's `allowsSelection` (daemon default true). */
  allowsSelection?: boolean;
  /** UIKit's `allowsMultipleSelection` (daemon default false). */
  allowsMultipleSelection?: boolean;
  /** `"plain"` (default: headers and footers float) or `"grouped"` (they scroll with the content). */
  style?: 'plain' | 'grouped';
  /** Grouped only: the space a section without a header (footer) still takes; default 0. */
  groupedSectionSpacing?: { header?: number; footer?: number };
  /** What the session holds: `"table"` (default), `"collection"` (with `layout`) or `"pager"`. */
  kind?: 'table' | 'collection' | 'pager';
  /** A collection's flow layout (Protocol.md "Collections"); without `itemSize` (or with 50 × 50) items size themselves. */
  layout?: {
    itemSize?: Size;
    scrollDirection?: 'vertical' | 'horizontal';
    minimumLineSpacing?: number;
    minimumInteritemSpacing?: number;
    sectionInset?: { top?: number; left?: number; bottom?: number; right?: number };
    headerReferenceSize?: { width?: number; height?: number };
    footerReferenceSize?: { width?: number; height?: number };
  };
}

export interface SetViewportOptions extends RequestOptions {
  width?: number;
  height?: number;
  viewport?: Partial<Size>;
  /** A y, or `{y}`. */
  contentOffset?: number | { y: number };
  contentInset?: { top?: number; bottom?: number };
  scrollAnchoring?: boolean;
}

export interface ExitStatus { code: number | null; signal: NodeJS.Signals | null }

// ------------------------------------------------------------------------------------------- errors

export declare const ErrorCode: Readonly<{
  ParseError: -32700; InvalidRequest: -32600; MethodNotFound: -32601; InvalidParams: -32602; InternalError: -32603;
  ServerNotInitialized: -32002; UnknownSession: -32003; InvalidUpdate: -32004; LimitExceeded: -32005;
  RequestCancelled: -32800;
}>;

/** An error response: `code`, `message` (the daemon's exact text) and `data`. */
export declare class LayoutdError extends Error {
  constructor(code: number, message: string, data?: unknown, options?: { method?: string; cause?: unknown });
  readonly code: number;
  readonly data: unknown;
  /** The wire method of the request this answers. */
  readonly method: string | undefined;
  static readonly CODE: number | undefined;
  /** The typed error for a JSON-RPC error object. */
  static fromResponse(error: unknown, method?: string): LayoutdError;
}
type ErrorCtor = [message: string, data?: unknown, options?: { method?: string; cause?: unknown }];
/** -32700 */
export declare class ParseError extends LayoutdError { constructor(...args: ErrorCtor); static readonly CODE: -32700 }
/** -32600: `server is already initialized`, `server is shutting down`. */
export declare class InvalidRequestError extends LayoutdError { constructor(...args: ErrorCtor); static readonly CODE: -32600 }
/** -32601: `method not found: NAME`. */
export declare class MethodNotFoundError extends LayoutdError { constructor(...args: ErrorCtor); static readonly CODE: -32601 }
/** -32602: wrong / missing / out-of-range members, spec errors, a ROW naming no row. */
export declare class InvalidParamsError extends LayoutdError { constructor(...args: ErrorCtor); static readonly CODE: -32602 }
/** -32603 */
export declare class InternalError extends LayoutdError { constructor(...args: ErrorCtor); static readonly CODE: -32603 }
/** -32002: `server not initialized`. */
export declare class ServerNotInitializedError extends LayoutdError { constructor(...args: ErrorCtor); static readonly CODE: -32002 }
/** -32003: `unknown session "ID"`. */
export declare class UnknownSessionError extends LayoutdError { constructor(...args: ErrorCtor); static readonly CODE: -32003 }
/** -32004: an update invalid as a whole. */
export declare class InvalidUpdateError extends LayoutdError { constructor(...args: ErrorCtor); static readonly CODE: -32004 }
/** -32005: a limit would be exceeded. */
export declare class LimitExceededError extends LayoutdError { constructor(...args: ErrorCtor); static readonly CODE: -32005 }
/** -32800: `request cancelled`. `data` is `{local: true}` when the client gave up without the daemon's answer. */
export declare class RequestCancelledError extends LayoutdError { constructor(...args: ErrorCtor); static readonly CODE: -32800 }
/** The error class of a code (undefined for codes this client does not know). */
export declare function errorClassForCode(code: number): (new (...args: ErrorCtor) => LayoutdError) | undefined;

/** The daemon exited (or its pipes closed) before a request was answered. */
export declare class LayoutdConnectionError extends Error {}
/** A request was not answered within its `timeout` (the client sent `$/cancelRequest`). */
export declare class LayoutdTimeoutError extends Error {}
/** No layoutd binary was found; `tried` lists every path tried. */
export declare class BinaryNotFoundError extends Error {
  constructor(tried: string[]);
  readonly tried: string[];
  readonly code: 'ENOENT';
}

// ------------------------------------------------------------------------------------------- framing, spawning

export declare class FramingError extends Error {}
/** `Content-Length: N\r\n\r\n` + the UTF-8 JSON body. */
export declare function encodeMessage(message: unknown): Buffer;
/** Incremental decoder: `push(chunk)` returns the messages the chunk completes. */
export declare class FrameDecoder {
  push(chunk: Buffer): unknown[];
  readonly pendingBytes: number;
}
/** The daemon to spawn (see ClientOptions.binary); throws BinaryNotFoundError listing the paths tried. */
export declare function findBinary(binary?: string, options?: { env?: NodeJS.ProcessEnv; cwd?: string; roots?: string[] }): string;
/** The layoutd checkouts searched: the one this package sits in, then the nearest around `cwd`. */
export declare function repoRoots(cwd?: string): string[];

// ------------------------------------------------------------------------------------------- protocol data

export declare const VERSION: string;
export declare const PROTOCOL_VERSION: string;
/** Client method (`"Client.x"` / `"Session.x"`) → JSON-RPC method. */
export declare const METHODS: Readonly<Record<string, string>>;
/** JSON-RPC methods the client sends as notifications. */
export declare const CLIENT_NOTIFICATIONS: readonly string[];
/** Server → client notifications. */
export declare const NOTIFICATIONS: readonly NotificationMethod[];
/** Server → client requests (`window/showDocument`, sent only to clients that declare support; this one does not). */
export declare const SERVER_REQUESTS: readonly string[];
/** The coalesced notifications, expanded by the client into the per-row ones. */
export declare const COALESCED_NOTIFICATIONS: readonly NotificationMethod[];
/** The per-row notifications `[method, params]` a coalesced notification stands for, in order. */
export declare function expandCoalesced(method: string, params: unknown): [string, unknown][];
export declare const INTERFACE_STATES: readonly InterfaceStateName[];
/** Points each accessory takes from the width a row's cell is laid out at. */
export declare const ACCESSORY_WIDTHS: Readonly<Record<AccessoryType, number>>;
/** A row's `selectionStyle` values. */
export declare const SELECTION_STYLES: readonly SelectionStyle[];
/** Params without `undefined` / `null` members. */
export declare function compact<T extends Record<string, unknown>>(members: T): Partial<T>;
/** A ROW as the wire wants it. */
export declare function rowParam(row: Row): string | number[];

/** Builders for `table/performBatchUpdates` operations. */
export declare namespace ops {
  type Operation = { op: string; [member: string]: unknown };
  /** One new row: `{cell, id?, at?, neverShowPlaceholders?, heightRange?, accessoryType?, selectionStyle?, separatorInset?}`. */
  function row(cell: Spec, options?: Omit<NewRow, 'cell'> & { at?: IndexPath }): NewRow & { at?: IndexPath };
  function insertRows(rows: Iterable<NewRow & { at: IndexPath }>): Operation;
  function deleteRows(rows: Iterable<Row>): Operation;
  function reloadRows(rows: Iterable<Row | RowReload | { row: Row; cell?: Spec } | [Row, Spec]>): Operation;
  function moveRow(from: Row, to: IndexPath): Operation;
  function insertSections(sections: Iterable<{ at: number; rows: NewRow[]; header?: HeaderFooter; footer?: HeaderFooter }>): Operation;
  function header(value: { height: number } | { id?: string; cell: Spec }): HeaderFooter;
  function setHeader(section: number, header: HeaderFooter | null): Operation;
  function setFooter(section: number, footer: HeaderFooter | null): Operation;
  function deleteSections(sections: Iterable<number>): Operation;
  function reloadSections(sections: Iterable<ReloadedSection>): Operation;
  function moveSection(from: number, to: number): Operation;
}

// ------------------------------------------------------------------------------------------- connection

/** A request in flight: `cancel()` sends `$/cancelRequest`; `promise` settles with the daemon's answer. */
export declare class PendingRequest<T = any> {
  readonly id: number;
  readonly method: string;
  readonly promise: Promise<T>;
  readonly settled: boolean;
  readonly cancelSent: boolean;
  /** Notifications that had arrived when the response did. */
  readonly notificationSeq: number;
  cancel(): void;
}

export interface ConnectionOptions {
  argv: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  onNotification?: (note: Notification) => void;
  onStderr?: (line: string) => void;
  onUnmatchedError?: (error: LayoutdError) => void;
  onClose?: () => void;
  stderrLines?: number;
  keepAlive?: boolean;
  autoClose?: boolean;
  shutdownTimeout?: number;
  cancelGrace?: number;
}

/** One daemon process (raw JSON-RPC); `Client` wraps it. */
export declare class Connection {
  constructor(options: ConnectionOptions);
  readonly child: ChildProcessWithoutNullStreams;
  readonly pid: number | undefined;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  readonly alive: boolean;
  readonly closed: boolean;
  readonly closing: boolean;
  readonly stderrTail: string[];
  readonly unmatchedErrors: LayoutdError[];
  readonly notificationSeq: number;
  /** Resolves once the process has exited and its pipes are closed. */
  readonly exited: Promise<ExitStatus>;
  readonly spawned: Promise<void>;
  sendRequest<T = any>(method: string, params?: object | null, options?: RequestOptions): PendingRequest<T>;
  request<T = any>(method: string, params?: object | null, options?: RequestOptions): Promise<T>;
  notify(method: string, params?: object): void;
  cancelRequest(id: number | string): void;
  /** Keeps Node's event loop alive until the returned function is called. */
  hold(): () => void;
  ref(): void;
  unref(): void;
  close(options?: { timeout?: number }): Promise<ExitStatus>;
  killNow(signal?: NodeJS.Signals): void;
}

// ------------------------------------------------------------------------------------------- client

type NotificationListener<M extends string> =
  (params: M extends NotificationMethod ? NotificationParamsMap[M] : Record<string, any>,
   note: Notification<M extends NotificationMethod ? NotificationParamsMap[M] : Record<string, any>>) => void;

/**
 * A layoutd daemon. `await Client.start(options)` spawns and initializes it; `await client.close()` (or
 * `await using client = …`) shuts it down. Events: each notification method (`(params, note)`),
 * `'notification'` (`(note)`), `'stderr'` (`(line)`), `'close'` (`(exitStatus)`).
 */
export declare class Client extends EventEmitter {
  constructor(options?: ClientOptions);
  /** Spawns the daemon, then `initialize` (with `initializationOptions`) and `initialized`. */
  static start(options?: ClientOptions): Promise<Client>;
  start(): Promise<this>;

  readonly options: ClientOptions;
  readonly connection: Connection;
  readonly pid: number | undefined;
  readonly alive: boolean;
  readonly closed: boolean;
  readonly exitStatus: ExitStatus | null;
  readonly initializeResult: InitializeResult | null;
  readonly serverInfo: InitializeResult['serverInfo'] | undefined;
  readonly capabilities: InitializeResult['capabilities'] | undefined;
  readonly stderrTail: string[];
  readonly unmatchedErrors: LayoutdError[];
  /** The `seq` of the last notification received. */
  readonly notificationSeq: number;
  /** The last `notificationBuffer` notifications. */
  readonly recentNotifications: Notification[];
  readonly sessions: Session[];

  // raw JSON-RPC
  request<T = any>(method: string, params?: object | null, options?: RequestOptions): Promise<T>;
  sendRequest<T = any>(method: string, params?: object | null, options?: RequestOptions): PendingRequest<T>;
  notify(method: string, params?: object): void;

  // lifecycle
  /** `initialize` (done by `start()` unless `initialize: false`). */
  initialize(initializationOptions?: InitializationOptions | null,
    options?: RequestOptions & { processId?: number | null; clientInfo?: object }): Promise<InitializeResult>;
  /** `initialized` (notification). */
  initialized(): void;
  /** `shutdown`. */
  shutdown(options?: RequestOptions): Promise<null>;
  /** `exit` (notification). */
  exit(): void;
  /** `$/cancelRequest` (notification). */
  cancelRequest(id: number | string): void;
  /** `textDocument/didOpen` (notification). */
  didOpen(uri: string, text: string, version?: number): void;
  /** `textDocument/didChange` (notification). */
  didChange(uri: string, version: number, contentChanges: Array<{ range?: TextRange; text: string }>): void;
  /** `textDocument/hover`. */
  hover(uri: string, line: number, character: number, options?: RequestOptions):
    Promise<{ contents: { kind: 'markdown'; value: string }; range: TextRange } | null>;
  /** `textDocument/documentSymbol`. */
  documentSymbols(uri: string, options?: RequestOptions): Promise<DocumentSymbol[] | null>;
  /** `textDocument/inlayHint`. */
  inlayHints(uri: string, fromLine?: number, toLine?: number, options?: RequestOptions):
    Promise<Array<{ position: TextPosition; label: string; paddingLeft: true; paddingRight: true }>>;
  /** `textDocument/completion`. */
  completions(uri: string, line: number, character: number, options?: RequestOptions): Promise<{
    isIncomplete: false;
    items: Array<{ label: string; kind: 1 | 7 | 10 | 20; detail: string; textEdit: { range: TextRange; newText: string } }>;
  }>;
  /** `textDocument/codeAction`: a `layoutd.showSnapshot` command per width of the document. */
  codeActions(uri: string, only?: string[], options?: RequestOptions): Promise<Array<{
    title: string; command: 'layoutd.showSnapshot'; arguments: [{ uri: string; width: number }];
  }>>;
  /** `workspace/executeCommand` `layoutd.showSnapshot`: writes the SVG and names it in `window/showMessage`. */
  executeCommand(command: 'layoutd.showSnapshot', args: [{ uri: string; width: number }], options?: RequestOptions): Promise<{
    uri: string; path: string; width: number; rows: number; height: number;
    shownWith: 'window/showDocument' | 'window/showMessage';
  }>;
  /** `textDocument/didClose` (notification). */
  didClose(uri: string): void;
  /** `session/create`. */
  createSession(options: CreateSessionOptions): Promise<Session>;
  /** The Session object of an existing session id (no request). */
  session(sessionId: string): Session;

  // notifications
  notifications(options?: NotificationStreamOptions): AsyncIterableIterator<Notification>;
  waitForNotification<M extends string>(method: M | M[] | '*', options?: WaitForOptions):
    Promise<Notification<M extends NotificationMethod ? NotificationParamsMap[M] : Record<string, any>>>;

  on(event: 'notification', listener: (note: Notification) => void): this;
  on(event: 'stderr', listener: (line: string) => void): this;
  on(event: 'close', listener: (status: ExitStatus | null) => void): this;
  on<M extends string>(event: M, listener: NotificationListener<M>): this;
  once<M extends string>(event: M, listener: NotificationListener<M>): this;
  off<M extends string>(event: M, listener: NotificationListener<M>): this;

  // closing
  /** `shutdown` + `exit`, waits for the process (kills it after `timeout`). Idempotent. */
  close(options?: { timeout?: number }): Promise<ExitStatus>;
  /** Kills the daemon at once (SIGKILL). */
  kill(): void;
  /** Lets Node exit even while requests are pending or listeners registered. */
  unref(): this;
  ref(): this;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * A session (a table in a window). Emits the notifications carrying its `sessionId` (`(params, note)`),
 * `'notification'`, and `'controllerError'` (`(error, controller, hook)`) when a node-controller hook throws.
 */
export declare class Session extends EventEmitter {
  constructor(client: Client, sessionId: string);
  readonly client: Client;
  readonly id: string;
  readonly sessionId: string;
  readonly disposed: boolean;
  readonly nodeControllers: NodeControllerRegistry | null;

  /** Registers the factory of this session's node controllers; returns the registry. */
  useNodeControllers<C extends NodeController>(
    factory: (new (rowId: string, session: Session) => C) | ((rowId: string, session: Session) => C)): NodeControllerRegistry<C>;
  notifications(options?: Omit<NotificationStreamOptions, 'sessionId'>): AsyncIterableIterator<Notification>;
  waitForNotification<M extends string>(method: M | M[] | '*', options?: Omit<WaitForOptions, 'sessionId'>):
    Promise<Notification<M extends NotificationMethod ? NotificationParamsMap[M] : Record<string, any>>>;
  on(event: 'notification', listener: (note: Notification) => void): this;
  on(event: 'controllerError', listener: (error: unknown, controller: NodeController, hook: string) => void): this;
  on<M extends string>(event: M, listener: NotificationListener<M>): this;
  once<M extends string>(event: M, listener: NotificationListener<M>): this;
  off<M extends string>(event: M, listener: NotificationListener<M>): this;

  /** `session/dispose`. */
  dispose(options?: RequestOptions): Promise<null>;
  /** `session/setViewport`. */
  setViewport(options: SetViewportOptions): Promise<SetViewportResult>;
  /** `session/setVisible`. */
  setVisible(visible: boolean, options?: RequestOptions): Promise<RangeModeResult>;
  /** `session/applicationEvent`. */
  applicationEvent(event: ApplicationEvent, options?: RequestOptions): Promise<RangeModeResult>;

  /** `table/insertRows`. */
  insertRows(rows: Iterable<NewRow>, options?: RequestOptions & { section?: number; at?: number }): Promise<InsertRowsResult>;
  /** `table/deleteRows`. */
  deleteRows(rows: Iterable<Row>, options?: RequestOptions): Promise<SeqResult>;
  /** `table/reloadRows`: `[{row, cell}]` or `[[row, cell]]`. */
  reloadRows(rows: Iterable<RowReload | [Row, Spec]>, options?: RequestOptions): Promise<SeqResult>;
  /** `table/moveRow`. */
  moveRow(from: Row, to: IndexPath, options?: RequestOptions): Promise<SeqResult>;
  /** `table/insertSections`. */
  insertSections(sections: Iterable<NewSection>, options?: RequestOptions & { at?: number }): Promise<SectionsResult>;
  /** `table/deleteSections`. */
  deleteSections(sections: Iterable<number>, options?: RequestOptions): Promise<SeqResult>;
  /** `table/reloadSections`. */
  reloadSections(sections: Iterable<ReloadedSection>, options?: RequestOptions): Promise<SectionsResult>;
  /** `table/moveSection`. */
  moveSection(from: number, to: number, options?: RequestOptions): Promise<SeqResult>;
  /** `table/reloadData`. */
  reloadData(sections: Iterable<NewSection>, options?: RequestOptions): Promise<SectionsResult>;
  /** `table/setHeader`. */
  setHeader(section: number, header: HeaderFooter | null, options?: RequestOptions): Promise<SetSupplementaryResult>;
  /** `table/setFooter`. */
  setFooter(section: number, footer: HeaderFooter | null, options?: RequestOptions): Promise<SetSupplementaryResult>;
  /** `table/performBatchUpdates` (builders in `ops`). */
  performBatchUpdates(operations: Iterable<ops.Operation>, options?: RequestOptions & { rowCounts?: number[] }): Promise<BatchResult>;

  /** `table/waitUntilAllUpdatesAreProcessed`. */
  waitUntilAllUpdatesAreProcessed(options?: RequestOptions): Promise<WaitResult>;
  /** `table/contentSize`. */
  contentSize(options?: RequestOptions): Promise<Size>;
  /** `table/describe`. */
  describe(state?: 'committed' | 'pending' | (RequestOptions & { state?: 'committed' | 'pending' }), options?: RequestOptions): Promise<DescribeResult>;
  /** `table/rowAtPoint`. */
  rowAtPoint(point: Point & RequestOptions): Promise<RowFrame | null>;
  rowAtPoint(x: number, y: number, options?: RequestOptions): Promise<RowFrame | null>;
  /** `table/rowsInRect` (resolves to the result's `rows`). */
  rowsInRect(rect: Rect & RequestOptions): Promise<RowFrame[]>;
  rowsInRect(x: number, y: number, width: number, height: number, options?: RequestOptions): Promise<RowFrame[]>;
  /** `table/rowFrame`. */
  rowFrame(row: Row, options?: RequestOptions): Promise<RowFrame>;
  /** `table/supplementaryFrame`. */
  supplementaryFrame(section: number, kind?: 'header' | 'footer', options?: RequestOptions): Promise<SupplementaryFrame>;
  /** `table/elementAtPoint`. */
  elementAtPoint(point: Point & RequestOptions): Promise<Element | null>;
  elementAtPoint(x: number, y: number, options?: RequestOptions): Promise<Element | null>;
  /** `table/elementsInRect` (resolves to the result's `elements`). */
  elementsInRect(rect: Rect & RequestOptions): Promise<Element[]>;
  elementsInRect(x: number, y: number, width: number, height: number, options?: RequestOptions): Promise<Element[]>;
  /** `cell/elementFrames`. */
  elementFrames(row: Row, options?: RequestOptions & { elements?: string[] }): Promise<ElementFramesResult>;
  /** `cell/setNeedsLayout`: `{cell}` or `{element, spec}`; or `({rows})`: several rows, each as it is or with a new cell. */
  setNeedsLayout(row: Row, options: RequestOptions & ({ cell?: Spec; element?: undefined; spec?: undefined } | { cell?: undefined; element: string; spec: Spec }) & { transition: true }): Promise<TransitionResult>;
  setNeedsLayout(row: Row, options?: RequestOptions & ({ cell?: Spec; element?: undefined; spec?: undefined } | { cell?: undefined; element: string; spec: Spec }) & { transition?: false }): Promise<SeqResult>;
  setNeedsLayout(options: RequestOptions & { rows: Array<Row | { row: Row; cell?: Spec }> }): Promise<SeqResult>;
  /** `cell/displayList`. */
  displayList(row: Row, options?: RequestOptions): Promise<DisplayListResult>;
  /** `table/snapshot`: an SVG picture of `rect` (default: the viewport) with the range bands. */
  snapshot(options?: { rect?: { x?: number; y?: number; width?: number; height?: number }; margin?: number } & RequestOptions): Promise<{ svg: string; rect: { x: number; y: number; width: number; height: number }; margin: number; rows: Array<{ rowId: string; indexPath: [number, number]; frame: { x: number; y: number; width: number; height: number }; state: string[]; error?: string }> }>;

  /** `table/scrollToOffset` (`y` null and `x` for a horizontal collection or a pager). */
  scrollToOffset(
    y: number | null, options?: RequestOptions & { x?: number; drag?: boolean; velocity?: number }
  ): Promise<ScrollResult>;
  /** `table/scrollBy` (`dy` null and `dx` for a horizontal collection or a pager). */
  scrollBy(
    dy: number | null, options?: RequestOptions & { dx?: number; drag?: boolean; velocity?: number }
  ): Promise<ScrollResult>;
  /** `pager/scrollToPage`. */
  scrollToPage(page: number, options?: RequestOptions & { drag?: boolean }): Promise<ScrollResult>;
  /** `pager/currentPage`. */
  currentPage(options?: RequestOptions): Promise<{ page: number; pageCount: number }>;
  /** `container/scrollToOffset`: a nested container of a committed row. */
  containerScrollToOffset(
    row: Row, element: string, options?: RequestOptions & { x?: number; y?: number; drag?: boolean }
  ): Promise<{ contentOffset: { x: number; y: number }; visibleItemIds: string[]; rangeMode: string }>;
  /** `container/items`: a nested container's items with frames and states. */
  containerItems(row: Row, element: string, options?: RequestOptions): Promise<{ kind: 'collection' | 'pager'; size: { width: number; height: number }; contentSize: { width: number; height: number }; contentOffset: { x: number; y: number }; rangeMode: string; containerState: string[]; items: Array<{ id: string; frame: { x: number; y: number; width: number; height: number }; state: string[] }> }>;
  /** `table/scrollToRow`. */
  scrollToRow(row: Row, options?: RequestOptions & { position?: ScrollPosition; drag?: boolean }): Promise<ScrollResult>;

  /** `table/selectRow`: selects a committed row; resolves to the selection. */
  selectRow(row: Row, options?: RequestOptions): Promise<{ rows: SelectedRow[] }>;
  /** `table/deselectRow`: deselects a committed row; resolves to the selection. */
  deselectRow(row: Row, options?: RequestOptions): Promise<{ rows: SelectedRow[] }>;
  /** `table/selectedRows`: the selected rows in row order. */
  selectedRows(options?: RequestOptions): Promise<SelectedRow[]>;
  /** `table/setSelectionOptions`. */
  setSelectionOptions(options: RequestOptions & { allowsSelection?: boolean; allowsMultipleSelection?: boolean }): Promise<{ allowsSelection: boolean; allowsMultipleSelection: boolean; rows: SelectedRow[] }>;

  /** `table/completeBatchFetching`. */
  completeBatchFetching(options?: boolean | (RequestOptions & { finished?: boolean })): Promise<BatchFetchResult>;
  /** `table/cancelBatchFetching`. */
  cancelBatchFetching(options?: RequestOptions): Promise<BatchFetchResult>;
  /** `table/setLeadingScreensForBatching`. */
  setLeadingScreensForBatching(leadingScreens: number, options?: RequestOptions): Promise<BatchFetchResult>;

  /** `table/tuningParameters`. */
  tuningParameters(options?: RequestOptions & { mode?: RangeMode; rangeType?: RangeType }): Promise<TuningParametersResult>;
  /** `table/setTuningParameters`. */
  setTuningParameters(options: RequestOptions & Tuning & { mode?: RangeMode; rangeType: RangeType }): Promise<null>;
  /** `table/setRangeMode`. */
  setRangeMode(mode: RangeMode, options?: RequestOptions): Promise<RangeModeResult>;
  /** `table/ranges`. */
  ranges(options?: RequestOptions): Promise<RangesResult>;
}

// ------------------------------------------------------------------------------------------- node controllers

export declare const INTERFACE_STATE_CHANGED: 'cell/interfaceStateChanged';
export declare const NODE_RELEASED: 'cell/nodeReleased';
/** Event name → NodeController hook. */
export declare const EVENT_HOOKS: Readonly<Record<InterfaceEvent, string>>;

/** Texture's ASNodeController: one per row; override the hooks (they may be async). */
export declare class NodeController {
  constructor(rowId?: string, session?: Session);
  rowId: string | undefined;
  session: Session | undefined;
  interfaceState: ReadonlySet<InterfaceStateName>;
  indexPath: IndexPath | undefined;
  /** True once the row's node was released (`cell/nodeReleased`); the registry no longer holds the controller. */
  released: boolean;
  readonly isInPreloadState: boolean;
  readonly isInDisplayState: boolean;
  readonly isVisible: boolean;
  didEnterPreloadState(): void | Promise<void>;
  didExitPreloadState(): void | Promise<void>;
  didEnterDisplayState(): void | Promise<void>;
  didExitDisplayState(): void | Promise<void>;
  didEnterVisibleState(): void | Promise<void>;
  didExitVisibleState(): void | Promise<void>;
  interfaceStateDidChange(newState: ReadonlySet<InterfaceStateName>, oldState: ReadonlySet<InterfaceStateName>): void | Promise<void>;
  /** The row's node was released by a commit (after its Visible exit, if it was visible): release resources. */
  didRelease(): void | Promise<void>;
  /** `cell/setNeedsLayout` for this row: `{cell}` or `{element, spec}` (rejects once released). */
  setNeedsLayout(options?: RequestOptions & { cell?: Spec; element?: string; spec?: Spec }): Promise<SeqResult>;
}

/** The controllers of one session's rows, created lazily by the factory. */
export declare class NodeControllerRegistry<C extends NodeController = NodeController> {
  constructor(factory: (new (rowId: string, session: any) => C) | ((rowId: string, session: any) => C), session?: Session,
    options?: { onError?: (error: unknown, controller: C, hook: string) => void });
  readonly controllers: Map<string, C>;
  /** Errors thrown (or rejected) by hooks. */
  readonly errors: unknown[];
  /** The row's controller (created when `create` and missing). */
  controller(rowId: string, create?: boolean): C | undefined;
  /** Handles one notification (`cell/interfaceStateChanged`, `cell/nodeReleased`). */
  dispatch(note: Notification): void;
  /** Resolves once every async hook started so far has settled. */
  idle(): Promise<void>;
}
