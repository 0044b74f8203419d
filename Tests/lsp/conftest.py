"""A pytest-lsp client connected to `shop lsp`, not yet initialized, so that each test chooses the
capabilities it offers (or sends requests before initializing)."""
import asyncio
import os

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

SHOP = os.environ.get("SHOP_BINARY", "shop")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SHOP, "lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    server = lsp_client._server
    if server is None or server.returncode is not None:
        return
    if lsp_client.capabilities is not None and lsp_client.error is None:
        await asyncio.wait_for(lsp_client.shutdown_session(), 10)
    else:
        # Not initialized: the end of the input stops the server.
        server.stdin.close()
        await asyncio.wait_for(server.wait(), 10)


async def initialize(client: LanguageClient, encodings=None) -> types.InitializeResult:
    """Initializes the session, offering `encodings` as general.positionEncodings when given."""
    general = None
    if encodings is not None:
        general = types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind(e) for e in encodings])
    capabilities = types.ClientCapabilities(
        general=general,
        text_document=types.TextDocumentClientCapabilities(
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True),
            formatting=types.DocumentFormattingClientCapabilities(),
            completion=types.CompletionClientCapabilities(),
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown, types.MarkupKind.PlainText]),
            code_action=types.CodeActionClientCapabilities(
                code_action_literal_support=types.ClientCodeActionLiteralOptions(
                    code_action_kind=types.ClientCodeActionKindOptions(
                        value_set=[types.CodeActionKind.QuickFix, types.CodeActionKind.Source]))),
            document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True),
        ),
    )
    return await client.initialize_session(types.InitializeParams(capabilities=capabilities))


def apply_edits(text: str, edits, encoding: str = "utf-16") -> str:
    """Applies LSP text edits the way an editor does, counting characters in `encoding`."""
    unit = 2 if encoding == "utf-16" else 1
    codec = "utf-16-le" if encoding == "utf-16" else "utf-8"
    lines = text.split("\n")
    offsets = [0]
    for line in lines[:-1]:
        offsets.append(offsets[-1] + len(line.encode(codec)) // unit + 1)
    units = text.encode(codec)

    def offset(position):
        if position.line >= len(offsets):
            return len(units) // unit
        return offsets[position.line] + position.character

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start, end = offset(edit.range.start), offset(edit.range.end)
        units = units[: unit * start] + edit.new_text.encode(codec) + units[unit * end:]
    return units.decode(codec)


async def open_document(client: LanguageClient, uri: str, text: str, version: int = 1):
    """Opens a document and returns the diagnostics published for it."""
    waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text)))
    params = await asyncio.wait_for(waiting, 10)
    assert params.uri == uri
    return params
