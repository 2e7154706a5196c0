"""pygls's LanguageClient (PyPI `pygls`, unchanged) against layoutd's language server for layout-spec documents.

Opens a cell spec with an unknown member, sees the diagnostic at the member's key, fixes it with an incremental
change and sees it cleared, hovers the element and reads its frame at each default width, then asks for the
snapshot code action and runs its command as a client that shows documents (`window/showDocument` arrives with the
SVG's URI). Every expected number is read off the spec's text: a node 3 pt tall spans the cell at each width.

    LAYOUTD_BINARY=.build/debug/layoutd python pygls_client_test.py   # pygls installed (Tests/Editors/run.sh)
"""

import asyncio
import os
import sys

from lsprotocol import types
from pygls.lsp.client import LanguageClient

BINARY = os.environ.get("LAYOUTD_BINARY", ".build/debug/layoutd")
URI = "file:///tmp/layoutd-pygls/card.json"
TIMEOUT = 30


def check(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(what)
    print(f"  ok   {what}")


async def run() -> None:
    client = LanguageClient("layoutd-pygls-test", "1")
    diagnostics: "asyncio.Queue[types.PublishDiagnosticsParams]" = asyncio.Queue()
    shown: "asyncio.Queue[types.ShowDocumentParams]" = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
        diagnostics.put_nowait(params)

    @client.feature(types.WINDOW_SHOW_DOCUMENT)
    def on_show_document(params: types.ShowDocumentParams) -> types.ShowDocumentResult:
        shown.put_nowait(params)
        return types.ShowDocumentResult(success=True)

    await client.start_io(BINARY, "--log-level", "error")
    capabilities = types.ClientCapabilities(window=types.WindowClientCapabilities(
        show_document=types.ShowDocumentClientCapabilities(support=True)))
    result = await client.initialize_async(types.InitializeParams(capabilities=capabilities, process_id=os.getpid()))
    check(result.capabilities.hover_provider is True and result.capabilities.position_encoding == "utf-16",
          "initialize: hover provider, utf-16 positions")
    client.initialized(types.InitializedParams())

    # Line 1 is `  "hieght": 3}`: the key spans characters 2-10.
    text = '{"type": "node",\n  "hieght": 3}'
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=URI, language_id="json", version=1, text=text)))
    published = await asyncio.wait_for(diagnostics.get(), TIMEOUT)
    [diagnostic] = published.diagnostics
    where = diagnostic.range
    check((published.uri, where.start.line, where.start.character, where.end.line, where.end.character)
          == (URI, 1, 2, 1, 10), "the unknown member's diagnostic at its key (1:2-1:10)")
    check(diagnostic.severity == types.DiagnosticSeverity.Error
          and diagnostic.message.startswith("root.hieght: unknown member of a node element"), diagnostic.message)

    # `"hieght": 3` (characters 2-13) becomes `"style": {"height": 3}`: the diagnostics are cleared.
    change = types.TextDocumentContentChangePartial(
        range=types.Range(start=types.Position(line=1, character=2), end=types.Position(line=1, character=13)),
        text='"style": {"height": 3}')
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2), content_changes=[change]))
    fixed = await asyncio.wait_for(diagnostics.get(), TIMEOUT)
    check((fixed.version, list(fixed.diagnostics)) == (2, []), "fixed by an incremental change: cleared")

    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=0, character=3)))
    value = hover.contents.value if hover else ""
    for width in (320, 375, 414):
        check(f"| {width} | 0 | 0 | {width} | 3 |" in value, f"hover: the node's frame at width {width}")

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=URI),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
        context=types.CodeActionContext(diagnostics=[])))
    titles = [action.title for action in actions or []]
    check(titles == [f"Show the SVG snapshot at width {w}" for w in (320, 375, 414)], "a snapshot action per width")
    # pygls declares no codeActionLiteralSupport: the actions come as bare Commands, as LSP requires.
    command = actions[0]
    check(isinstance(command, types.Command) and command.command == "layoutd.showSnapshot", "a Command")
    answer = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=command.command, arguments=command.arguments))
    request = await asyncio.wait_for(shown.get(), TIMEOUT)
    check(answer["shownWith"] == "window/showDocument" and request.uri == answer["uri"]
          and request.uri.endswith("/layoutd-snapshots/card-320.svg"), "executeCommand: window/showDocument")
    with open(answer["path"], encoding="utf-8") as svg:
        check('data-row-id="root"' in svg.read(), "the SVG draws the cell")

    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    print("pygls: all passed")


if __name__ == "__main__":
    try:
        asyncio.run(asyncio.wait_for(run(), 120))
    except Exception as error:  # the failure and its message, then a failing status
        print(f"pygls: FAILED: {error!r}")
        sys.exit(1)
