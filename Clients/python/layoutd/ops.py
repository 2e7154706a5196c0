"""Builders for ``table/performBatchUpdates`` operations (Protocol.md, "Table").

    session.perform_batch_updates([
        ops.delete_rows([[0, 0]]),
        ops.insert_rows([{"at": [0, 0], "id": "x", "cell": spec}]),
        ops.move_row("b", [0, 3]),
    ])
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, Mapping, Optional, Sequence

from .protocol import Row, Spec, row_param


def row(cell: Spec, id: Optional[str] = None, *, at: Optional[Sequence[int]] = None,
        never_show_placeholders: Optional[bool] = None, height_range: Optional[Mapping[str, float]] = None,
        accessory_type: Optional[str] = None, selection_style: Optional[str] = None,
        separator_inset: Optional[Mapping[str, float]] = None,
        size_range: Optional[Mapping[str, Mapping[str, float]]] = None) -> Dict[str, Any]:
    """One entry of a row list (``table/insertRows``, sections, ``insertRows`` operations): {id?, cell, at?,
    neverShowPlaceholders?, heightRange?, accessoryType?, selectionStyle?, separatorInset?, sizeRange?}.
    ``never_show_placeholders=True`` makes a scroll that shows the row wait until it is displayed (Texture's
    ``neverShowPlaceholders``). ``height_range={"min": 44, "max": 100}`` is Texture's
    ``constrainedSizeForRowAtIndexPath:`` (the width stays the table's); ``accessory_type`` (one of
    :data:`~layoutd.protocol.ACCESSORY_TYPES`) narrows the width the cell is laid out at;
    ``selection_style`` (one of :data:`~layoutd.protocol.SELECTION_STYLES`) and ``separator_inset``
    (``{"left", "right"}``) change only how the row is drawn. A collection's item takes
    ``size_range={"min": {"width": 0}, "max": {"width": 150, "height": 80}}`` instead, Texture's
    ``constrainedSizeForItemAtIndexPath:`` (measured in it, placed at the size it measured). A row keeps these for
    its life."""
    entry: Dict[str, Any] = {"cell": cell}
    if id is not None:
        entry["id"] = id
    if at is not None:
        entry["at"] = row_param(at)
    if never_show_placeholders is not None:
        entry["neverShowPlaceholders"] = bool(never_show_placeholders)
    if height_range is not None:
        entry["heightRange"] = dict(height_range)
    if accessory_type is not None:
        entry["accessoryType"] = accessory_type
    if selection_style is not None:
        entry["selectionStyle"] = selection_style
    if separator_inset is not None:
        entry["separatorInset"] = dict(separator_inset)
    if size_range is not None:
        entry["sizeRange"] = {key: dict(value) for key, value in size_range.items()}
    return entry


def insert_rows(rows: Iterable[Mapping[str, Any]]) -> Dict[str, Any]:
    """``insertRows``: rows = [{at: [section, row] (new space), id?, cell}]."""
    return {"op": "insertRows", "rows": [dict(row) for row in rows]}


def delete_rows(rows: Iterable[Row]) -> Dict[str, Any]:
    """``deleteRows``: rows by id or old-space ``[section, row]``."""
    return {"op": "deleteRows", "rows": [row_param(row) for row in rows]}


def reload_rows(rows: Iterable[Any]) -> Dict[str, Any]:
    """``reloadRows``: [{row, cell?}] objects, or bare ROWs (re-measured as they are)."""
    out = []
    for item in rows:
        if isinstance(item, Mapping):
            entry = dict(item)
            entry["row"] = row_param(entry["row"])
            out.append(entry)
        else:
            out.append({"row": row_param(item)})
    return {"op": "reloadRows", "rows": out}


def move_row(from_row: Row, to: Sequence[int]) -> Dict[str, Any]:
    """``moveRow``: ``from_row`` in the old space, ``to`` in the new."""
    return {"op": "moveRow", "from": row_param(from_row), "to": row_param(to)}


def header(height: Optional[float] = None, cell: Optional[Spec] = None, id: Optional[str] = None) -> Dict[str, Any]:
    """A section header or footer (HF): ``{"height": h}`` (fixed, UIKit's ``heightForHeaderInSection:``) or
    ``{"id"?, "cell": SPEC}`` (laid out like a row at the table width). Give exactly one of ``height`` and ``cell``."""
    if (height is None) == (cell is None):
        raise ValueError("give either height or cell")
    if height is not None:
        return {"height": height}
    entry: Dict[str, Any] = {"cell": cell}
    if id is not None:
        entry["id"] = id
    return entry


def section(rows: Iterable[Mapping[str, Any]] = (), *, header: Optional[Mapping[str, Any]] = None,
            footer: Optional[Mapping[str, Any]] = None, at: Optional[int] = None,
            index: Optional[int] = None) -> Dict[str, Any]:
    """A section object {rows, header?, footer?} for ``table/insertSections``, ``table/reloadSections``,
    ``table/reloadData`` and the section operations; ``at`` (a batch's ``insertSections``) or ``index`` (sent as
    ``section``, for reloads) places it."""
    entry: Dict[str, Any] = {"rows": [dict(row) for row in rows]}
    if header is not None:
        entry["header"] = dict(header)
    if footer is not None:
        entry["footer"] = dict(footer)
    if at is not None:
        entry["at"] = int(at)
    if index is not None:
        entry["section"] = int(index)
    return entry


def insert_sections(sections: Iterable[Mapping[str, Any]]) -> Dict[str, Any]:
    """``insertSections``: sections = [{at: index, rows: [{id?, cell}], header?, footer?}]."""
    return {"op": "insertSections", "sections": [dict(section) for section in sections]}


def delete_sections(sections: Iterable[int]) -> Dict[str, Any]:
    """``deleteSections``: old-space indexes."""
    return {"op": "deleteSections", "sections": [int(section) for section in sections]}


def reload_sections(sections: Iterable[Mapping[str, Any]]) -> Dict[str, Any]:
    """``reloadSections``: sections = [{section: index, rows: [{id?, cell}], header?, footer?}]."""
    return {"op": "reloadSections", "sections": [dict(section) for section in sections]}


def move_section(from_section: int, to: int) -> Dict[str, Any]:
    """``moveSection``: ``from_section`` in the old space, ``to`` in the new."""
    return {"op": "moveSection", "from": int(from_section), "to": int(to)}


def set_header(section: int, header: Optional[Mapping[str, Any]]) -> Dict[str, Any]:
    """``setHeader``: the header of new-space section ``section`` (``None`` removes it)."""
    return {"op": "setHeader", "section": int(section), "header": None if header is None else dict(header)}


def set_footer(section: int, footer: Optional[Mapping[str, Any]]) -> Dict[str, Any]:
    """``setFooter``: the footer of new-space section ``section`` (``None`` removes it)."""
    return {"op": "setFooter", "section": int(section), "footer": None if footer is None else dict(footer)}
