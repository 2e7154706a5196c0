"""The typed protocol methods, written once for both clients.

``ClientMethods`` and ``SessionMethods`` build each request's params and hand them to ``self._call(method,
params, convert)``: the blocking classes (:class:`layoutd.Client`, :class:`layoutd.Session`) return the result,
the asyncio classes (:class:`layoutd.AsyncClient`, :class:`layoutd.AsyncSession`) return an awaitable of it.
The return annotations name the result type; with the asyncio classes, ``await`` the call to get it.
Which wire method each one sends is listed in :data:`layoutd.protocol.METHODS`.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence

from .protocol import (BatchResult, DescribeResult, ElementFramesResult, InitializeResult, InsertRowsResult, Row,
                       RowFrame, RowsInRectResult, SectionsResult, SeqResult, SetViewportResult, Size, Spec,
                       WaitResult, compact, row_param)


def _rows(rows: Iterable[Mapping[str, Any]]) -> List[Dict[str, Any]]:
    return [dict(row) for row in rows]


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
                   client_info: Optional[Dict[str, Any]] = None) -> InitializeResult:
        """``initialize``: starts the server; ``initialization_options`` = {fontDirectories?, limits?}.

        The clients call this (and :meth:`initialized`) themselves unless created with ``initialize=False``.
        """
        params: Dict[str, Any] = {"processId": process_id}
        if client_info is not None:
            params["clientInfo"] = client_info
        if initialization_options is not None:
            params["initializationOptions"] = initialization_options
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

    def create_session(self, width: float, height: float, scale: Optional[float] = 2, separators: bool = True,
                       session_id: Optional[str] = None) -> Any:
        """``session/create``: a session with a table of one empty section, viewport ``width`` × ``height``.

        Returns a :class:`~layoutd.Session` (an :class:`~layoutd.AsyncSession` with the asyncio client).
        """
        params = compact(viewport={"width": width, "height": height}, scale=scale, separators=separators,
                         sessionId=session_id)
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

    def set_viewport(self, width: Optional[float] = None, height: Optional[float] = None) -> SetViewportResult:
        """``session/setViewport``: a new width re-lays out every row (``table/heightChanged`` for each row
        whose height changed, then ``table/contentSizeChanged``)."""
        return self._call("session/setViewport", {"viewport": compact(width=width, height=height)})

    # ------------------------------------------------------------------------------------- edits

    def insert_rows(self, rows: Iterable[Mapping[str, Any]], section: Optional[int] = None,
                    at: Optional[int] = None) -> InsertRowsResult:
        """``table/insertRows``: ``rows`` = [{id?, cell: SPEC}], inserted in ``section`` (0) at ``at`` (the end)."""
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
        """``table/insertSections``: ``sections`` = [{rows: [{id?, cell}]}] inserted at ``at`` (the end)."""
        return self._call("table/insertSections", compact(sections=[dict(s) for s in sections], at=at))

    def delete_sections(self, sections: Iterable[int]) -> SeqResult:
        """``table/deleteSections``: section indexes (old space)."""
        return self._call("table/deleteSections", {"sections": [int(s) for s in sections]})

    def reload_sections(self, sections: Iterable[Mapping[str, Any]]) -> SectionsResult:
        """``table/reloadSections``: ``sections`` = [{section, rows: [{id?, cell}]}]."""
        return self._call("table/reloadSections", {"sections": [dict(s) for s in sections]})

    def move_section(self, from_section: int, to: int) -> SeqResult:
        """``table/moveSection``: ``from_section`` in the old space, ``to`` in the new."""
        return self._call("table/moveSection", {"from": from_section, "to": to})

    def reload_data(self, sections: Iterable[Mapping[str, Any]]) -> SectionsResult:
        """``table/reloadData``: replaces every section and row; ``sections`` = [{rows: [{id?, cell}]}]."""
        return self._call("table/reloadData", {"sections": [dict(s) for s in sections]})

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

    def row_frame(self, row: Row) -> RowFrame:
        """``table/rowFrame``: {rowId, indexPath, frame} of a committed row."""
        return self._call("table/rowFrame", {"row": row_param(row)})

    def element_frames(self, row: Row, elements: Optional[Sequence[str]] = None) -> ElementFramesResult:
        """``cell/elementFrames``: frames (and text lines) of a cell's elements from its latest content."""
        return self._call("cell/elementFrames",
                          compact(row=row_param(row), elements=None if elements is None else list(elements)))

    def set_needs_layout(self, row: Row, cell: Optional[Spec] = None, element: Optional[str] = None,
                         spec: Optional[Spec] = None) -> SeqResult:
        """``cell/setNeedsLayout``: re-lays the row out, with ``cell`` as new content, or the element with id
        ``element`` replaced by ``spec``; a height change pushes ``table/heightChanged``."""
        return self._call("cell/setNeedsLayout",
                          compact(row=row_param(row), cell=cell, element=element, spec=spec))


def _rows_of(result: RowsInRectResult) -> List[RowFrame]:
    return list(result["rows"])
