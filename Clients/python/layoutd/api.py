"""The typed protocol methods, written once for both clients.

``ClientMethods`` and ``SessionMethods`` build each request's params and hand them to ``self._call(method,
params, convert)``: the blocking classes (:class:`layoutd.Client`, :class:`layoutd.Session`) return the result,
the asyncio classes (:class:`layoutd.AsyncClient`, :class:`layoutd.AsyncSession`) return an awaitable of it.
The return annotations name the result type; with the asyncio classes, ``await`` the call to get it.
Which wire method each one sends is listed in :data:`layoutd.protocol.METHODS`.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from .protocol import (BatchFetchState, BatchResult, BufferScreenfuls, DescribeResult, DisplayListResult, Element,
                       ElementFramesResult, ElementsInRectResult, InitializeResult, InsertRowsResult, RangeModeResult,
                       RangesResult, Row, RowFrame, RowsInRectResult, ScrollResult, SectionsResult, SelectedRow,
                       SelectedRows, SeqResult, SetSupplementaryResult, SetViewportResult, Size, Spec,
                       SupplementaryFrame, TransitionResult, WaitResult, compact, row_param)

#: ``table/willBeginBatchFetch``
WILL_BEGIN_BATCH_FETCH = "table/willBeginBatchFetch"


def _rows(rows: Iterable[Mapping[str, Any]]) -> List[Dict[str, Any]]:
    return [dict(row) for row in rows]


def _relayout_rows(rows: Iterable[Any]) -> List[Any]:
    """``cell/setNeedsLayout``'s ``rows``: a ROW, or ``{"row": ROW, "cell"?: SPEC}`` (a mapping; its row made a ROW)."""
    out: List[Any] = []
    for item in rows:
        if isinstance(item, Mapping):
            entry = dict(item)
            if "row" in entry:
                entry["row"] = row_param(entry["row"])
            out.append(entry)
        else:
            out.append(row_param(item))
    return out


def _reload_rows(rows: Iterable[Any]) -> List[Dict[str, Any]]:
    """Accepts ``{"row": ROW, "cell": SPEC}`` objects or ``(ROW, SPEC)`` pairs."""
    out: List[Dict[str, Any]] = []
    for item in rows:
        if isinstance(item, Mapping):
            entry = dict(item)
            if "row" in entry:
                entry["row"] = row_param(entry["row"])
            out.append(entry)
        else:
            row, cell = item
            out.append({"row": row_param(row), "cell": cell})
    return out


class ClientMethods:
    """Server-level methods (Protocol.md "Lifecycle", "Sessions")."""

    def _call(self, method: str, params: Optional[Dict[str, Any]], convert: Optional[Callable[[Any], Any]] = None
              ) -> Any:  # pragma: no cover - provided by the concrete client
        raise NotImplementedError

    def _notify(self, method: str, params: Optional[Dict[str, Any]]) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _make_session(self, session_id: str) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _did_initialize(self, result: Any) -> Any:
        return result

    def initialize(self, initialization_options: Optional[Dict[str, Any]] = None, process_id: Optional[int] = None,
                   client_info: Optional[Dict[str, Any]] = None,
                   capabilities: Optional[Dict[str, Any]] = None) -> InitializeResult:
        """``initialize``: starts the server; ``initialization_options`` = {fontDirectories?, limits?,
        notifications?}.

        The client asks for coalesced notifications (``notifications: "coalesced"``) unless the options name
        ``notifications`` themselves (``"perRow"``); it expands them into the per-row notifications, so callbacks
        and ``notifications()`` see the per-row stream either way. The clients call this (and :meth:`initialized`)
        themselves unless created with ``initialize=False``. ``capabilities`` are LSP client capabilities
        (``general.positionEncodings``; ``window.showDocument.support``, which makes ``layoutd.showSnapshot`` send a
        ``window/showDocument`` request that this client answers -32601, as it answers every server request).
        """
        params: Dict[str, Any] = {"processId": process_id}
        if client_info is not None:
            params["clientInfo"] = client_info
        if capabilities is not None:
            params["capabilities"] = capabilities
        options = dict(initialization_options or {})
        options.setdefault("notifications", "coalesced")
        params["initializationOptions"] = options
        return self._call("initialize", params, self._did_initialize)

    def initialized(self) -> Any:
        """``initialized`` (notification)."""
        return self._notify("initialized", {})

    def shutdown(self) -> None:
        """``shutdown``: afterwards every request answers -32600 ``server is shutting down``."""
        return self._call("shutdown", None)

    def exit(self) -> Any:
        """``exit`` (notification): the daemon exits (status 0 after ``shutdown``, 1 otherwise)."""
        return self._notify("exit", {})

    def cancel_request(self, request_id: Any) -> Any:
        """``$/cancelRequest`` (notification): a request still queued or waiting answers -32800."""
        return self._notify("$/cancelRequest", {"id": request_id})

    def did_open(self, uri: str, text: str, version: int = 1) -> Any:
        """``textDocument/didOpen`` (notification): opens a layout-spec document; its diagnostics arrive as
        ``textDocument/publishDiagnostics``."""
        return self._notify("textDocument/didOpen",
                            {"textDocument": {"uri": uri, "languageId": "json", "version": version, "text": text}})

    def did_change(self, uri: str, version: int, changes: Sequence[Mapping[str, Any]]) -> Any:
        """``textDocument/didChange`` (notification): ``changes`` are LSP content changes, ``{"text"}`` (the whole
        document) or ``{"range", "text"}``, applied in order."""
        return self._notify("textDocument/didChange",
                            {"textDocument": {"uri": uri, "version": version}, "contentChanges": list(changes)})

    def did_close(self, uri: str) -> Any:
        """``textDocument/didClose`` (notification): the document's diagnostics are cleared."""
        return self._notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    def hover(self, uri: str, line: int, character: int) -> Any:
        """``textDocument/hover``: the element at the position, ``{"contents": {"kind": "markdown", "value"}, "range"}``,
        or None."""
        return self._call("textDocument/hover",
                          {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})

    def document_symbols(self, uri: str) -> Any:
        """``textDocument/documentSymbol``: the document's element tree (LSP DocumentSymbols), or None."""
        return self._call("textDocument/documentSymbol", {"textDocument": {"uri": uri}})

    def inlay_hints(self, uri: str, start: Sequence[int] = (0, 0), end: Sequence[int] = (1 << 30, 0)) -> Any:
        """``textDocument/inlayHint``: each element's heights at the document's widths, between ``start`` and ``end``
        (``(line, character)``; default: the whole document)."""
        return self._call("textDocument/inlayHint", {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": start[0], "character": start[1]}, "end": {"line": end[0], "character": end[1]}}})

    def completions(self, uri: str, line: int, character: int) -> Any:
        """``textDocument/completion``: ``{"isIncomplete": False, "items": [{label, kind, detail, textEdit}]}``."""
        return self._call("textDocument/completion",
                          {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})

    def code_actions(self, uri: str, only: Optional[Sequence[str]] = None) -> Any:
        """``textDocument/codeAction``: one ``layoutd.showSnapshot`` command per width of the document, as bare LSP
        Commands ``{title, command, arguments}`` (this client declares no ``codeActionLiteralSupport``; ``only``: LSP's
        ``context.only`` kinds, the commands' kind being ``"source"``)."""
        context: Dict[str, Any] = {"diagnostics": []}
        if only is not None:
            context["only"] = list(only)
        zero = {"line": 0, "character": 0}
        return self._call("textDocument/codeAction",
                          {"textDocument": {"uri": uri}, "range": {"start": zero, "end": zero}, "context": context})

    def execute_command(self, command: str, arguments: Sequence[Any]) -> Any:
        """``workspace/executeCommand``: ``layoutd.showSnapshot`` with ``[{"uri", "width"}]`` writes the document's SVG
        snapshot, answers ``{uri, path, width, rows, height, shownWith}`` and sends ``window/showMessage`` (this
        client does not declare ``window.showDocument``) naming the file."""
        return self._call("workspace/executeCommand", {"command": command, "arguments": list(arguments)})

    def create_session(self, width: float, height: float, scale: Optional[float] = 2, separators: bool = True,
                       session_id: Optional[str] = None, *, interface_states: Optional[bool] = None,
                       batch_fetching: Optional[bool] = None, scroll_anchoring: Optional[bool] = None,
                       lenient_fonts: Optional[bool] = None, inverted: Optional[bool] = None,
                       change_frames: Optional[bool] = None, allows_selection: Optional[bool] = None,
                       allows_multiple_selection: Optional[bool] = None, style: Optional[str] = None,
                       grouped_section_spacing: Optional[Mapping[str, float]] = None, kind: Optional[str] = None,
                       layout: Optional[Mapping[str, Any]] = None) -> Any:
        """``session/create``: a session with a table of one empty section, viewport ``width`` × ``height``, in a
        window at content offset 0.

        ``interface_states=False`` stops ``cell/interfaceStateChanged`` / ``cell/didDisplay`` and the display work
        (daemon default: on); ``batch_fetching=True`` turns batch fetching on (``table/willBeginBatchFetch``, see
        :meth:`~layoutd.Session.on_batch_fetch`; default off); ``scroll_anchoring=False`` turns anchoring off
        (default on); ``lenient_fonts=True`` accepts cells naming a font family that is not installed, whose layout
        then fails (height 0 and a ``window/logMessage``), where by default such a cell is refused when it is
        decoded (:class:`~layoutd.InvalidParams` naming the member's path and the closest installed families).
        ``inverted=True`` draws the table upside down (``ASTableNode.inverted``: row 0 at the visual bottom, as
        chats are; fixed for the session): every offset, inset, frame, point and rect is then visual (y down on
        screen, 0 at the top of the last row), the table starts with its newest row at the bottom, and
        ``table/contentOffsetChanged`` with reason ``inverted`` reports the visual offset following the content
        height. ``change_frames=True`` makes every ``table/didCommit`` carry ``changeFrames`` (each affected row's
        ``{rowId, before?, after?}`` frames, see :class:`~layoutd.protocol.RowChangeFrame`).
        ``allows_selection`` (daemon default True) and ``allows_multiple_selection`` (default False) are UIKit's
        selection switches (see :meth:`~layoutd.Session.select_row`).
        ``style`` is ``"plain"`` (daemon default: headers and footers float) or ``"grouped"`` (they scroll with the
        content); ``grouped_section_spacing`` = {header?, footer?} is the space a grouped section without a header
        or footer still takes (default 0; grouped only).
        ``kind`` is ``"table"`` (daemon default), ``"collection"`` (with ``layout`` = the flow layout {itemSize?
        (absent or 50 x 50: the items size themselves), scrollDirection?, minimumLineSpacing?,
        minimumInteritemSpacing?, sectionInset?, headerReferenceSize?, footerReferenceSize?}) or ``"pager"`` (pages of the viewport's size); a collection or pager has no
        separators, so ``separators`` is not sent for them.
        Returns a :class:`~layoutd.Session` (an :class:`~layoutd.AsyncSession` with the asyncio client).
        """
        if kind in ("collection", "pager"):
            separators = None  # a collection has no separators (the daemon refuses the member)
        params = compact(viewport={"width": width, "height": height}, scale=scale, separators=separators,
                         sessionId=session_id, interfaceStates=interface_states, batchFetching=batch_fetching,
                         scrollAnchoring=scroll_anchoring, lenientFonts=lenient_fonts, inverted=inverted,
                         changeFrames=change_frames, allowsSelection=allows_selection,
                         allowsMultipleSelection=allows_multiple_selection, style=style,
                         groupedSectionSpacing=None if grouped_section_spacing is None
                         else dict(grouped_section_spacing), kind=kind,
                         layout=None if layout is None else dict(layout))
        return self._call("session/create", params, lambda result: self._make_session(result["sessionId"]))

    def session(self, session_id: str) -> Any:
        """A session object for an existing session id (no request is sent)."""
        return self._make_session(session_id)


class SessionMethods:
    """Session-level methods (Protocol.md "Sessions", "Table"); each sends the session's ``sessionId``."""

    session_id: str

    def _call(self, method: str, params: Optional[Dict[str, Any]], convert: Optional[Callable[[Any], Any]] = None
              ) -> Any:  # pragma: no cover - provided by the concrete session
        raise NotImplementedError

    # ------------------------------------------------------------------------------------- session

    def dispose(self) -> None:
        """``session/dispose``: later calls with this session answer -32003."""
        return self._call("session/dispose", {})

    def set_viewport(self, width: Optional[float] = None, height: Optional[float] = None, *,
                     content_offset: Union[float, Mapping[str, float], None] = None,
                     content_inset: Optional[Mapping[str, float]] = None,
                     scroll_anchoring: Optional[bool] = None) -> SetViewportResult:
        """``session/setViewport``: a new width re-lays out every row (``table/heightChanged`` for each row
        whose height changed, then ``table/contentSizeChanged``). ``content_offset`` (the y, or {y}) moves the
        viewport like a programmatic scroll (the given or the current offset clamped with the new height and
        insets; a range update if the visible rows changed, a batch-fetch check if the offset moved);
        ``content_inset`` = {top?, bottom?}; ``scroll_anchoring`` switches anchoring. The result's
        ``contentOffset`` is the clamped offset."""
        params: Dict[str, Any] = {}
        viewport = compact(width=width, height=height)
        if viewport or (content_offset is None and content_inset is None and scroll_anchoring is None):
            params["viewport"] = viewport
        if content_offset is not None:
            params["contentOffset"] = (dict(content_offset) if isinstance(content_offset, Mapping)
                                       else {"y": content_offset})
        if content_inset is not None:
            params["contentInset"] = dict(content_inset)
        if scroll_anchoring is not None:
            params["scrollAnchoring"] = scroll_anchoring
        return self._call("session/setViewport", params)

    def set_visible(self, visible: bool) -> RangeModeResult:
        """``session/setVisible``: the table enters (True) or leaves its window; when that changes it, a range
        update runs, and entering runs a batch-fetch check (the same value again does nothing)."""
        return self._call("session/setVisible", {"visible": bool(visible)})

    def application_event(self, event: str) -> RangeModeResult:
        """``session/applicationEvent``: ``event`` = ``didEnterBackground``, ``willEnterForeground`` or
        ``memoryWarning``; the range mode changes as Texture's does on these application notifications."""
        return self._call("session/applicationEvent", {"event": event})

    # ------------------------------------------------------------------------------------- edits

    def insert_rows(self, rows: Iterable[Mapping[str, Any]], section: Optional[int] = None,
                    at: Optional[int] = None) -> InsertRowsResult:
        """``table/insertRows``: ``rows`` = [{id?, cell: SPEC, neverShowPlaceholders?}] (see
        :func:`layoutd.ops.row`), inserted in ``section`` (0) at ``at`` (the end)."""
        return self._call("table/insertRows", compact(rows=_rows(rows), section=section, at=at))

    def delete_rows(self, rows: Iterable[Row]) -> SeqResult:
        """``table/deleteRows``: rows by id or ``[section, row]`` (pending state)."""
        return self._call("table/deleteRows", {"rows": [row_param(row) for row in rows]})

    def reload_rows(self, rows: Iterable[Any]) -> SeqResult:
        """``table/reloadRows``: ``rows`` = [{row: ROW, cell: SPEC}] or [(ROW, SPEC)]; each row keeps its id."""
        return self._call("table/reloadRows", {"rows": _reload_rows(rows)})

    def move_row(self, from_row: Row, to: Sequence[int]) -> SeqResult:
        """``table/moveRow``: ``from_row`` in the pending state, ``to`` = [section, row] after the move."""
        return self._call("table/moveRow", {"from": row_param(from_row), "to": row_param(to)})

    def insert_sections(self, sections: Iterable[Mapping[str, Any]], at: Optional[int] = None) -> SectionsResult:
        """``table/insertSections``: ``sections`` = [{rows: [{id?, cell}], header?, footer?}] inserted at ``at``
        (the end); a header or footer is ``{"height": h}`` or ``{"id"?, "cell": SPEC}`` (:func:`layoutd.ops.header`
        builds one)."""
        return self._call("table/insertSections", compact(sections=[dict(s) for s in sections], at=at))

    def delete_sections(self, sections: Iterable[int]) -> SeqResult:
        """``table/deleteSections``: section indexes (old space)."""
        return self._call("table/deleteSections", {"sections": [int(s) for s in sections]})

    def reload_sections(self, sections: Iterable[Mapping[str, Any]]) -> SectionsResult:
        """``table/reloadSections``: ``sections`` = [{section, rows: [{id?, cell}], header?, footer?}]; a section
        keeps its header and footer unless given (``None`` → ``null`` removes)."""
        return self._call("table/reloadSections", {"sections": [dict(s) for s in sections]})

    def move_section(self, from_section: int, to: int) -> SeqResult:
        """``table/moveSection``: ``from_section`` in the old space, ``to`` in the new."""
        return self._call("table/moveSection", {"from": from_section, "to": to})

    def reload_data(self, sections: Iterable[Mapping[str, Any]]) -> SectionsResult:
        """``table/reloadData``: replaces every section and row; ``sections`` = [{rows: [{id?, cell}], header?,
        footer?}]."""
        return self._call("table/reloadData", {"sections": [dict(s) for s in sections]})

    def set_header(self, section: int, header: Optional[Mapping[str, Any]]) -> SetSupplementaryResult:
        """``table/setHeader``: sets, replaces or (``None``) removes the header of pending section ``section``;
        ``rowId`` in the result names a new header cell."""
        return self._call("table/setHeader", {"section": int(section),
                                              "header": None if header is None else dict(header)})

    def set_footer(self, section: int, footer: Optional[Mapping[str, Any]]) -> SetSupplementaryResult:
        """``table/setFooter``: sets, replaces or (``None``) removes the footer of pending section ``section``."""
        return self._call("table/setFooter", {"section": int(section),
                                              "footer": None if footer is None else dict(footer)})

    def perform_batch_updates(self, operations: Iterable[Mapping[str, Any]],
                              row_counts: Optional[Sequence[int]] = None) -> BatchResult:
        """``table/performBatchUpdates``: one change set of operations (see :mod:`layoutd.ops` for builders);
        ``row_counts`` = the data source's row count per section after the update (Texture's count checks)."""
        return self._call("table/performBatchUpdates",
                          compact(operations=[dict(op) for op in operations],
                                  rowCounts=None if row_counts is None else [int(n) for n in row_counts]))

    # ------------------------------------------------------------------------------------- waiting, queries

    def wait_until_all_updates_are_processed(self) -> WaitResult:
        """``table/waitUntilAllUpdatesAreProcessed``: answered once every submitted change set has committed;
        the notifications they caused have been delivered (and callbacks run) when this returns."""
        return self._call("table/waitUntilAllUpdatesAreProcessed", {})

    def content_size(self) -> Size:
        """``table/contentSize``: {width, height} of the committed rows."""
        return self._call("table/contentSize", {})

    def describe(self, state: Optional[str] = None) -> DescribeResult:
        """``table/describe``: every row with its height; ``state`` = ``"committed"`` (default) or ``"pending"``."""
        return self._call("table/describe", compact(state=state))

    def row_at_point(self, x: float, y: float) -> Optional[RowFrame]:
        """``table/rowAtPoint``: the committed row under a point of the content, or None."""
        return self._call("table/rowAtPoint", {"point": {"x": x, "y": y}})

    def rows_in_rect(self, x: float, y: float, width: float, height: float) -> List[RowFrame]:
        """``table/rowsInRect``: the committed rows whose frames intersect the rect (the result's ``rows``)."""
        return self._call("table/rowsInRect", {"rect": {"x": x, "y": y, "width": width, "height": height}},
                          _rows_of)

    def supplementary_frame(self, section: int, kind: str = "header") -> SupplementaryFrame:
        """``table/supplementaryFrame``: {kind, section, rowId?, frame, contentFrame, floating} of a committed
        header or footer: ``frame`` where it is drawn (a plain table's floating position), ``contentFrame`` where it
        lies in the content."""
        return self._call("table/supplementaryFrame", {"section": int(section), "kind": kind})

    def element_at_point(self, x: float, y: float) -> Optional[Element]:
        """``table/elementAtPoint``: the committed row, header or footer drawn at a point of the content, or None."""
        return self._call("table/elementAtPoint", {"point": {"x": x, "y": y}})

    def elements_in_rect(self, x: float, y: float, width: float, height: float) -> List[Element]:
        """``table/elementsInRect``: the committed rows, headers and footers drawn in the rect (the result's
        ``elements``), in content order."""
        return self._call("table/elementsInRect", {"rect": {"x": x, "y": y, "width": width, "height": height}},
                          _elements_of)

    def row_frame(self, row: Row) -> RowFrame:
        """``table/rowFrame``: {rowId, indexPath, frame} of a committed row."""
        return self._call("table/rowFrame", {"row": row_param(row)})

    def element_frames(self, row: Row, elements: Optional[Sequence[str]] = None) -> ElementFramesResult:
        """``cell/elementFrames``: frames (and text lines) of a cell's elements from its latest content."""
        return self._call("cell/elementFrames",
                          compact(row=row_param(row), elements=None if elements is None else list(elements)))

    def set_needs_layout(self, row: Optional[Row] = None, cell: Optional[Spec] = None, element: Optional[str] = None,
                         spec: Optional[Spec] = None, *, rows: Optional[Iterable[Any]] = None,
                         transition: Optional[bool] = None) -> Union[SeqResult, TransitionResult]:
        """``cell/setNeedsLayout``: re-lays the row out, with ``cell`` as new content, or the element with id
        ``element`` replaced by ``spec``. ``rows`` instead of ``row`` re-lays out several rows in one call, each a
        ROW (as it is) or ``{"row": ROW, "cell": SPEC}`` (with new content), validated as a whole (not with
        ``cell``, ``element`` or ``spec``). The relayouts settle as one layout pass: then each committed height
        change pushes ``table/heightChanged`` (in row order), and the ranges update only if the visible rows
        changed. ``transition=True`` (with ``row`` only) answers the cell's layouts before and after, each element
        with its match ``key``, and the keys ``inserted`` and ``removed`` (:class:`~layoutd.protocol.TransitionResult`,
        Texture's ``ASLayoutTransition``), laid out off the session."""
        return self._call("cell/setNeedsLayout",
                          compact(row=None if row is None else row_param(row),
                                  rows=None if rows is None else _relayout_rows(rows),
                                  cell=cell, element=element, spec=spec, transition=transition))

    def display_list(self, row: Row) -> DisplayListResult:
        """``cell/displayList``: the row's display list ({rowId, displayed, size, items}), from its last display
        pass when it is in the display range (``displayed`` True), else made now."""
        return self._call("cell/displayList", {"row": row_param(row)})

    def snapshot(self, rect: Optional[Dict[str, float]] = None, margin: Optional[float] = None) -> Dict[str, Any]:
        """``table/snapshot``: an SVG picture of ``rect`` of the content (default: the viewport) with the range
        bands in a ``margin``-wide column ({svg, rect, margin, rows}); a collection's or pager's items at their flow
        frames, the bands along its scroll axis (a strip above the rect when it scrolls along x)."""
        return self._call("table/snapshot", compact(rect=rect, margin=margin))

    # ------------------------------------------------------------------------------------- scrolling, ranges

    def scroll_to_offset(self, y: Optional[float] = None, drag: Optional[bool] = None,
                         velocity: Optional[float] = None, *, x: Optional[float] = None) -> ScrollResult:
        """``table/scrollToOffset``: moves the content offset to ``y`` (clamped). ``drag`` (daemon default True)
        makes it a user's drag, in the direction of the requested move (range mode ``full`` first, batch-fetch
        check at its end with ``velocity``, points/ms); False is a programmatic scroll, which has no direction
        and checks batch fetching only when the offset moved. Answered after the ``cell/interfaceStateChanged``
        it caused (their callbacks and node-controller hooks have run when this returns). A horizontal collection
        or a pager scrolls along ``x`` instead (give ``x``, not ``y``); a pager's drag settles on the nearest page."""
        return self._call("table/scrollToOffset", compact(y=y, x=x, drag=drag, velocity=velocity))

    def scroll_by(self, dy: Optional[float] = None, drag: Optional[bool] = None, velocity: Optional[float] = None,
                  *, dx: Optional[float] = None) -> ScrollResult:
        """``table/scrollBy``: moves the content offset by ``dy`` (clamped; ``dx`` for a horizontal collection or
        a pager); ``drag`` and ``velocity`` as in :meth:`scroll_to_offset`."""
        return self._call("table/scrollBy", compact(dy=dy, dx=dx, drag=drag, velocity=velocity))

    def scroll_to_page(self, page: int, drag: Optional[bool] = None) -> ScrollResult:
        """``pager/scrollToPage``: a pager's page ``page`` to the viewport's left edge (``scrollToPageAtIndex:``;
        ``drag`` defaults to False)."""
        return self._call("pager/scrollToPage", compact(page=page, drag=drag))

    def current_page(self) -> Dict[str, int]:
        """``pager/currentPage``: {page, pageCount} (the offset x over the page width, truncated)."""
        return self._call("pager/currentPage", {})

    def container_scroll_to_offset(self, row: Row, element: str, *, x: Optional[float] = None,
                                   y: Optional[float] = None, drag: Optional[bool] = None) -> Dict[str, Any]:
        """``container/scrollToOffset``: scrolls the collection or pager ``element`` of committed row ``row`` along
        its axis (``x`` when horizontal, ``y`` when vertical; clamped; ``drag`` defaults to True) →
        {contentOffset, visibleItemIds, rangeMode}."""
        return self._call("container/scrollToOffset", compact(row=row, element=element, x=x, y=y, drag=drag))

    def container_items(self, row: Row, element: str) -> Dict[str, Any]:
        """``container/items``: the nested container's kind, size, contentSize, contentOffset, rangeMode,
        containerState and items [{id, frame, state}]."""
        return self._call("container/items", {"row": row, "element": element})

    def scroll_to_row(self, row: Row, position: Optional[str] = None, drag: Optional[bool] = None) -> ScrollResult:
        """``table/scrollToRow``: UITableView's ``scrollToRowAtIndexPath:atScrollPosition:`` over the committed
        rows; ``position`` = ``top``, ``middle``, ``bottom`` or ``none`` (the default: UIKit's smallest move that
        shows the row as fully as it can); ``drag`` defaults to False."""
        return self._call("table/scrollToRow", compact(row=row_param(row), position=position, drag=drag))

    def ranges(self) -> RangesResult:
        """``table/ranges``: {contentOffset, rangeMode, visible, visibleRowIds, batchContext: {state,
        leadingScreens}, rows: [{rowId, indexPath, state}]}: ``visible`` is whether the table is in its window,
        ``visibleRowIds`` the visible rows, ``rows`` the rows holding a state above measureLayout, in order."""
        return self._call("table/ranges", {})

    def tuning_parameters(self, mode: Optional[str] = None, range_type: Optional[str] = None) -> Any:
        """``table/tuningParameters``: with ``range_type`` (``display``, ``preload``) the
        {leadingBufferScreenfuls, trailingBufferScreenfuls} of ``mode`` (default ``full``); without it
        {MODE: {display, preload}} for ``mode`` or all four modes."""
        return self._call("table/tuningParameters", compact(mode=mode, rangeType=range_type))

    def set_tuning_parameters(self, range_type: str, leading_buffer_screenfuls: float,
                              trailing_buffer_screenfuls: float, mode: Optional[str] = None) -> None:
        """``table/setTuningParameters``: the buffers of ``range_type`` in ``mode`` (default ``full``); takes
        effect at the next range update, as in Texture."""
        return self._call("table/setTuningParameters",
                          compact(mode=mode, rangeType=range_type, leadingBufferScreenfuls=leading_buffer_screenfuls,
                                  trailingBufferScreenfuls=trailing_buffer_screenfuls))

    def set_range_mode(self, mode: str) -> RangeModeResult:
        """``table/setRangeMode``: ``updateCurrentRangeWithMode:`` (``minimum``, ``full``, ``visibleOnly``,
        ``lowMemory``): the mode is explicit for the next range update; one runs now when the mode changed."""
        return self._call("table/setRangeMode", {"mode": mode})

    # ------------------------------------------------------------------------------------- batch fetching

    def complete_batch_fetching(self, finished: Optional[bool] = None) -> BatchFetchState:
        """``table/completeBatchFetching``: ``finished`` (default True) allows the next fetch; False keeps the
        context fetching (Texture then never fetches again). A check a commit held while the context was fetching
        runs right after it (so the answer's state may be ``fetching`` again: a new fetch began). Returns
        {state, leadingScreens}."""
        return self._call("table/completeBatchFetching", compact(finished=finished))

    def cancel_batch_fetching(self) -> BatchFetchState:
        """``table/cancelBatchFetching``: state ``cancelled``; later checks may fetch (a check a commit held runs
        right after it)."""
        return self._call("table/cancelBatchFetching", {})

    def set_leading_screens_for_batching(self, leading_screens: float) -> BatchFetchState:
        """``table/setLeadingScreensForBatching``: (0…1000, default 2), then a batch-fetch check when the value
        changed."""
        return self._call("table/setLeadingScreensForBatching", {"leadingScreens": leading_screens})

    # ------------------------------------------------------------------------------------- selection

    def select_row(self, row: Row) -> SelectedRows:
        """``table/selectRow``: selects a committed row (UIKit's ``selectRowAtIndexPath:``); with single selection
        the previously selected row is deselected. Returns the selection ({rows: [{rowId, indexPath}]}); a change
        is pushed as ``table/selectionChanged`` first. :class:`~layoutd.InvalidUpdate` (-32004) when selection is
        off."""
        return self._call("table/selectRow", {"row": row_param(row)})

    def deselect_row(self, row: Row) -> SelectedRows:
        """``table/deselectRow``: deselects a committed row; returns the selection."""
        return self._call("table/deselectRow", {"row": row_param(row)})

    def selected_rows(self) -> List[SelectedRow]:
        """``table/selectedRows``: the selected rows in row order ({rowId, indexPath}, the result's ``rows``)."""
        return self._call("table/selectedRows", {}, lambda result: result["rows"])

    def set_selection_options(self, allows_selection: Optional[bool] = None,
                              allows_multiple_selection: Optional[bool] = None) -> Dict[str, Any]:
        """``table/setSelectionOptions``: UIKit's ``allowsSelection`` (off deselects every row) and
        ``allowsMultipleSelection`` (off keeps the first selected row in row order). Returns {allowsSelection,
        allowsMultipleSelection, rows}."""
        return self._call("table/setSelectionOptions",
                          compact(allowsSelection=allows_selection, allowsMultipleSelection=allows_multiple_selection))

    def on_batch_fetch(self, callback: Callable[["BatchFetchContext"], Any]) -> Any:
        """Calls ``callback(context)`` for each ``table/willBeginBatchFetch`` of this session (Texture's
        ``tableNode:willBeginBatchFetchWithContext:``). Load a page, insert its rows, then call
        ``context.complete()`` (or ``context.cancel()``) — from the callback or later, from any thread; no
        further fetch begins until then. With the asyncio client the callback may be a coroutine function.
        A fetch the daemon began before this was registered (an empty table fetches at ``session/create``,
        before its answer) is replayed from the notification buffer. Returns the :class:`~layoutd.Subscription`."""
        return self.on(WILL_BEGIN_BATCH_FETCH, lambda note: callback(BatchFetchContext(self, note)), replay=True)

    def on(self, method: str, callback: Callable[[Any], Any], *, replay: bool = False
           ) -> Any:  # pragma: no cover - provided by the concrete sessions
        raise NotImplementedError


class BatchFetchContext:
    """Texture's ``ASBatchContext`` for one ``table/willBeginBatchFetch``: ``content_size``, ``content_offset``,
    ``notification``; :meth:`complete` / :meth:`cancel` send the session's request (an awaitable with the
    asyncio client)."""

    def __init__(self, session: SessionMethods, notification: Any) -> None:
        self.session = session
        self.notification = notification
        params = notification.params or {}
        self.content_size: Optional[Size] = params.get("contentSize")
        self.content_offset: Optional[Dict[str, float]] = params.get("contentOffset")

    def complete(self, finished: bool = True) -> Any:
        """``table/completeBatchFetching`` with ``finished``."""
        return self.session.complete_batch_fetching(finished=finished)

    def cancel(self) -> Any:
        """``table/cancelBatchFetching``."""
        return self.session.cancel_batch_fetching()

    def __repr__(self) -> str:
        return f"<BatchFetchContext contentSize={self.content_size} contentOffset={self.content_offset}>"


def _rows_of(result: RowsInRectResult) -> List[RowFrame]:
    return list(result["rows"])


def _elements_of(result: ElementsInRectResult) -> List[Element]:
    return list(result["elements"])
