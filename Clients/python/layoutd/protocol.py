"""The wire protocol as data: which Python method calls which Protocol.md method, and result types.

:data:`METHODS` is the single table mapping every typed Python method (``"Class.method"``) to the
JSON-RPC method it sends; :data:`NOTIFICATIONS` lists the server-to-client notifications the client
understands. Tests check both against Protocol.md.
"""

from __future__ import annotations

from typing import Any, Dict, List, Sequence, TypedDict, Union

PROTOCOL_VERSION = "1.0"

#: Python method -> JSON-RPC method (requests and client notifications). ``Session`` methods add ``sessionId``.
METHODS: Dict[str, str] = {
    # lifecycle (Client)
    "Client.initialize": "initialize",
    "Client.initialized": "initialized",
    "Client.shutdown": "shutdown",
    "Client.exit": "exit",
    "Client.cancel_request": "$/cancelRequest",
    # layout-spec documents (LSP text synchronisation)
    "Client.did_open": "textDocument/didOpen",
    "Client.did_change": "textDocument/didChange",
    "Client.did_close": "textDocument/didClose",
    "Client.hover": "textDocument/hover",
    "Client.document_symbols": "textDocument/documentSymbol",
    "Client.inlay_hints": "textDocument/inlayHint",
    "Client.completions": "textDocument/completion",
    "Client.code_actions": "textDocument/codeAction",
    "Client.execute_command": "workspace/executeCommand",
    # sessions
    "Client.create_session": "session/create",
    "Session.dispose": "session/dispose",
    "Session.set_viewport": "session/setViewport",
    # table edits
    "Session.insert_rows": "table/insertRows",
    "Session.delete_rows": "table/deleteRows",
    "Session.reload_rows": "table/reloadRows",
    "Session.move_row": "table/moveRow",
    "Session.insert_sections": "table/insertSections",
    "Session.delete_sections": "table/deleteSections",
    "Session.reload_sections": "table/reloadSections",
    "Session.move_section": "table/moveSection",
    "Session.reload_data": "table/reloadData",
    "Session.set_header": "table/setHeader",
    "Session.set_footer": "table/setFooter",
    "Session.perform_batch_updates": "table/performBatchUpdates",
    # waiting and queries
    "Session.wait_until_all_updates_are_processed": "table/waitUntilAllUpdatesAreProcessed",
    "Session.content_size": "table/contentSize",
    "Session.describe": "table/describe",
    "Session.row_at_point": "table/rowAtPoint",
    "Session.rows_in_rect": "table/rowsInRect",
    "Session.row_frame": "table/rowFrame",
    "Session.supplementary_frame": "table/supplementaryFrame",
    "Session.element_at_point": "table/elementAtPoint",
    "Session.elements_in_rect": "table/elementsInRect",
    "Session.element_frames": "cell/elementFrames",
    "Session.set_needs_layout": "cell/setNeedsLayout",
    "Session.display_list": "cell/displayList",
    "Session.snapshot": "table/snapshot",
    # scrolling, ranges and interface states
    "Session.scroll_to_offset": "table/scrollToOffset",
    "Session.scroll_by": "table/scrollBy",
    "Session.scroll_to_page": "pager/scrollToPage",
    "Session.current_page": "pager/currentPage",
    "Session.container_scroll_to_offset": "container/scrollToOffset",
    "Session.container_items": "container/items",
    "Session.scroll_to_row": "table/scrollToRow",
    "Session.ranges": "table/ranges",
    "Session.tuning_parameters": "table/tuningParameters",
    "Session.set_tuning_parameters": "table/setTuningParameters",
    "Session.set_range_mode": "table/setRangeMode",
    "Session.set_visible": "session/setVisible",
    "Session.application_event": "session/applicationEvent",
    # batch fetching
    "Session.complete_batch_fetching": "table/completeBatchFetching",
    "Session.cancel_batch_fetching": "table/cancelBatchFetching",
    "Session.set_leading_screens_for_batching": "table/setLeadingScreensForBatching",
    # selection
    "Session.select_row": "table/selectRow",
    "Session.deselect_row": "table/deselectRow",
    "Session.selected_rows": "table/selectedRows",
    "Session.set_selection_options": "table/setSelectionOptions",
}

#: JSON-RPC methods sent as notifications (no response).
CLIENT_NOTIFICATIONS = frozenset({
    "initialized", "exit", "$/cancelRequest", "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose"})

#: Server -> client notifications (``planned`` ones would not be in Protocol.md yet; there are none now;
#: ``coalesced`` ones replace per-row ones when asked for, and are not in ``capabilities.notifications``).
NOTIFICATIONS: Dict[str, str] = {
    "table/didCommit": "implemented",
    "table/heightChanged": "implemented",
    "table/contentSizeChanged": "implemented",
    "table/contentOffsetChanged": "implemented",
    "table/willBeginBatchFetch": "implemented",
    "cell/interfaceStateChanged": "implemented",
    "cell/nodeReleased": "implemented",
    "cell/didDisplay": "implemented",
    "window/logMessage": "implemented",
    "table/selectionChanged": "implemented",
    "table/supplementaryHeightChanged": "implemented",
    "table/heightsChanged": "coalesced",
    "cell/interfaceStatesChanged": "coalesced",
    "textDocument/publishDiagnostics": "implemented",
    "window/showMessage": "implemented",
}

#: Server -> client requests (Protocol.md): ``window/showDocument`` after ``workspace/executeCommand``, sent only to a
#: client that declared ``window.showDocument.support``, which this client does not.
SERVER_REQUESTS = frozenset({"window/showDocument"})

#: The coalesced notifications (``initializationOptions.notifications: "coalesced"``, Protocol.md "Coalesced
#: notifications"); the clients ask for them and expand each into the per-row notifications it stands for.
COALESCED_NOTIFICATIONS = frozenset({"table/heightsChanged", "cell/interfaceStatesChanged"})


def expand_coalesced(method: str, params: Any) -> List[Any]:
    """The per-row notifications ``(method, params)`` a coalesced notification stands for, in order (Protocol.md
    "Coalesced notifications", "Expanding"); any other notification is returned as it is."""
    if method not in COALESCED_NOTIFICATIONS or not isinstance(params, dict):
        return [(method, params)]
    session_id = params.get("sessionId")
    out: List[Any] = []
    for entry in params.get("changes") or []:
        if not isinstance(entry, dict):
            continue
        expanded: Dict[str, Any] = {"sessionId": session_id}
        if method == "table/heightsChanged":
            name = "table/heightChanged" if "indexPath" in entry else "table/supplementaryHeightChanged"
            expanded.update(entry)
            expanded["contentSize"] = params.get("contentSize")
            expanded["seq"] = params.get("seq")
        elif entry.get("released"):
            name = "cell/nodeReleased"
            expanded.update({"rowId": entry.get("rowId"), "state": entry.get("state")})
        else:
            name = "cell/interfaceStateChanged"
            expanded.update(entry)
        out.append((name, expanded))
    return out

#: range modes (Protocol.md "Scrolling, ranges and interface states"), as Texture names them
RANGE_MODES = ("minimum", "full", "visibleOnly", "lowMemory")
#: range types of the tuning parameters
RANGE_TYPES = ("display", "preload")
#: ``session/applicationEvent`` events
APPLICATION_EVENTS = ("didEnterBackground", "willEnterForeground", "memoryWarning")
#: ``table/scrollToRow`` positions
SCROLL_POSITIONS = ("top", "middle", "bottom", "none", "left", "right")  # left/right: horizontal collections, pagers
#: a row's ``accessoryType`` values (UIKit's ``UITableViewCellAccessoryType``)
ACCESSORY_TYPES = ("none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton")
#: a row's ``selectionStyle`` values (UIKit's ``UITableViewCellSelectionStyle``)
SELECTION_STYLES = ("none", "blue", "gray", "default")
#: points an accessory takes from the width a row's cell is laid out at (Protocol.md "A row's members")
ACCESSORY_WIDTHS = {"none": 0, "disclosureIndicator": 34, "detailDisclosureButton": 68, "checkmark": 40,
                    "detailButton": 48}
#: batch-fetching context states
BATCH_STATES = ("completed", "fetching", "cancelled")

# --------------------------------------------------------------------------------------------- types

#: A row: its id, or ``[section, row]``.
Row = Union[str, Sequence[int]]
#: A cell spec (Protocol.md "Layout specs"): a JSON object with a ``type``.
Spec = Dict[str, Any]
IndexPath = List[int]


class Size(TypedDict):
    width: float
    height: float


class Frame(TypedDict):
    x: float
    y: float
    width: float
    height: float


class _RowFrameRequired(TypedDict):
    rowId: str
    indexPath: IndexPath
    frame: Frame


class RowFrame(_RowFrameRequired, total=False):
    """ROWFRAME: with ``selected`` and the row's members that differ from the defaults (see :class:`DescribedRow`)."""
    selected: bool
    heightRange: "HeightRange"
    accessoryType: str
    selectionStyle: str
    separatorInset: "SeparatorInset"
    contentWidth: float


class SeqResult(TypedDict):
    seq: int


class InsertRowsResult(TypedDict):
    seq: int
    rowIds: List[str]


class SectionsResult(TypedDict):
    seq: int
    rowIds: List[List[str]]


class BatchResult(TypedDict):
    seq: int
    insertedRowIds: List[str]


class Point(TypedDict):
    x: float
    y: float


class SetViewportResult(TypedDict):
    seq: int
    relayoutRows: int
    contentOffset: Point


class ScrollResult(TypedDict):
    """SCROLL: what a scroll method answers, after the notifications the scroll caused."""
    contentOffset: Point
    visibleRowIds: List[str]
    placeholderRowIds: List[str]
    rangeMode: str


class RangedRow(TypedDict):
    rowId: str
    indexPath: IndexPath
    state: List[str]


class BatchFetchState(TypedDict):
    state: str
    leadingScreens: float


class _RangesResultRequired(TypedDict):
    contentOffset: Point
    rangeMode: str
    visible: bool  # the table is in its window
    visibleRowIds: List[str]
    batchContext: BatchFetchState
    rows: List[RangedRow]


class RangedSupplementary(TypedDict):
    rowId: str
    kind: str  # "header" or "footer"
    section: int
    state: List[str]


class RangesResult(_RangesResultRequired, total=False):
    supplementaries: List[RangedSupplementary]  # header and footer cells holding a state, when any does


class RangeModeResult(TypedDict):
    rangeMode: str


class BufferScreenfuls(TypedDict):
    leadingBufferScreenfuls: float
    trailingBufferScreenfuls: float


class DisplayItem(TypedDict, total=False):
    kind: str  # "rect", "text" or "image"
    type: str
    id: str
    name: str
    frame: Frame
    font: Dict[str, Any]
    color: Any
    lines: List[Dict[str, Any]]
    source: str


class DisplayListResult(TypedDict):
    rowId: str
    displayed: bool
    size: Size
    items: List[DisplayItem]


class WaitResult(TypedDict):
    seq: int
    contentSize: Size


class HeightRange(TypedDict, total=False):
    min: float
    max: float


class SeparatorInset(TypedDict):
    left: float
    right: float


class DescribedRow(TypedDict, total=False):
    id: str
    height: float
    selected: bool
    heightRange: HeightRange
    accessoryType: str
    selectionStyle: str
    separatorInset: SeparatorInset
    contentWidth: float


class SelectedRow(TypedDict):
    rowId: str
    indexPath: IndexPath


class SelectedRows(TypedDict):
    rows: List[SelectedRow]


class DescribedSupplementary(TypedDict, total=False):
    type: str  # "fixed" or "cell"
    id: str
    height: float


class DescribedSection(TypedDict, total=False):
    header: DescribedSupplementary
    rows: List[DescribedRow]
    footer: DescribedSupplementary


class SetSupplementaryResult(TypedDict, total=False):
    seq: int
    rowId: str


class SupplementaryFrame(TypedDict, total=False):
    kind: str  # "header" or "footer"
    section: int
    rowId: str
    frame: Frame
    contentFrame: Frame
    floating: bool


class Element(TypedDict, total=False):
    """A row (``kind`` "row": rowId, indexPath, frame) or a header or footer (as :class:`SupplementaryFrame`)."""
    kind: str
    rowId: str
    indexPath: IndexPath
    section: int
    frame: Frame
    contentFrame: Frame
    floating: bool


class ElementsInRectResult(TypedDict):
    elements: List[Element]


class DescribeResult(TypedDict):
    seq: int
    contentSize: Size
    sections: List[DescribedSection]


class RowsInRectResult(TypedDict):
    rows: List[RowFrame]


class TextLine(TypedDict):
    range: List[int]
    x: float
    width: float
    baseline: float
    truncated: bool


class ElementFrame(TypedDict, total=False):
    type: str
    id: str
    name: str
    frame: Frame
    lines: List[TextLine]


class _ElementFramesRequired(TypedDict):
    rowId: str
    size: Size
    elements: List[ElementFrame]


class TransitionElement(ElementFrame, total=False):
    """An element of a transition's side, with the key that matches it across both sides."""
    key: str


class TransitionSide(TypedDict, total=False):
    """One layout of a transition: ``size``, ``elements`` in drawing order, and ``error`` when it failed."""
    size: Size
    elements: List[TransitionElement]
    error: str


class TransitionResult(TypedDict):
    """``cell/setNeedsLayout`` with ``transition``: both layouts, and the element keys inserted and removed."""
    seq: int
    rowId: str
    indexPath: IndexPath
    before: TransitionSide
    after: TransitionSide
    inserted: List[str]
    removed: List[str]


class RowChangeFrame(TypedDict, total=False):
    """An entry of ``table/didCommit``'s ``changeFrames``: no ``before`` for an inserted row, no ``after`` for a
    deleted one."""
    rowId: str
    before: Frame
    after: Frame
class ElementFramesResult(_ElementFramesRequired, total=False):
    indexPath: IndexPath  # a row
    kind: str  # a header or footer cell named by its id: "header" or "footer", with section
    section: int


class InitializeResult(TypedDict):
    serverInfo: Dict[str, Any]
    protocolVersion: str
    capabilities: Dict[str, Any]


def compact(**members: Any) -> Dict[str, Any]:
    """Params object without the members that are None (optional members left to the daemon's defaults)."""
    return {key: value for key, value in members.items() if value is not None}


def row_param(row: Row) -> Union[str, List[int]]:
    """A ROW as the wire wants it: an id string, or ``[section, row]``."""
    if isinstance(row, str):
        return row
    return [int(part) for part in row]
