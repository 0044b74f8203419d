"""`shop lsp` driven by a real client: the lifecycle, protocol errors, diagnostics and formatting."""
import asyncio
import os
import shutil
import subprocess
import tempfile
import urllib.parse

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol
from pytest_lsp import LanguageClient

from conftest import SHOP, apply_edits, initialize, open_document

URI = "file:///tmp/lists/shopping.yaml"
FINDINGS = (
    "items:\n"
    "  - {name: Grüße 😀, prize: 1}\n"
    "  - name: \"Käse\"\n"
    "    price: \"3,49\"\n"
)


def position(line, character):
    return types.Position(line=line, character=character)


def span(line, start, end):
    return types.Range(start=position(line, start), end=position(line, end))


async def test_initialize_announces_what_the_server_does(client: LanguageClient):
    result = await initialize(client)
    assert result.server_info.name == "shop"
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf16
    sync = result.capabilities.text_document_sync
    assert sync.open_close is True
    assert sync.change == types.TextDocumentSyncKind.Incremental
    assert result.capabilities.document_formatting_provider is True


async def test_utf8_is_chosen_when_offered(client: LanguageClient):
    result = await initialize(client, ["utf-16", "utf-8"])
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8


async def test_a_request_before_initialize_is_refused(client: LanguageClient):
    with pytest.raises(JsonRpcException) as raised:
        # Sent as pygls sends it, past pytest-lsp's own check that the client is initialized.
        await LanguageServerProtocol.send_request_async(
            client.protocol, "textDocument/formatting",
            types.DocumentFormattingParams(
                text_document=types.TextDocumentIdentifier(uri=URI),
                options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert raised.value.code == -32002
    # The server goes on: initialize still works.
    result = await initialize(client)
    assert result.capabilities.document_formatting_provider is True


async def test_an_unknown_method_is_method_not_found(client: LanguageClient):
    await initialize(client)
    with pytest.raises(JsonRpcException) as raised:
        await client.protocol.send_request_async("shop/unknownMethod", {})
    assert raised.value.code == -32601


async def test_a_malformed_message_is_answered_and_the_server_goes_on(client: LanguageClient):
    await initialize(client)
    answers = []
    original = client.protocol._handle_response

    def record(msg_id, result=None, error=None):
        answers.append((msg_id, error))
        return original(msg_id, result, error)

    client.protocol._handle_response = record
    client._server.stdin.write(b"Content-Length: 5\r\n\r\n{bad}")
    not_rpc = b'{"jsonrpc":1}'
    client._server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(not_rpc) + not_rpc)
    await client._server.stdin.drain()
    # A request after them is answered as usual.
    params = await open_document(client, URI, "items: []\n")
    assert list(params.diagnostics) == []
    errors = [(msg_id, error.code) for msg_id, error in answers if error is not None]
    assert errors == [(None, -32700), (None, -32600)]


async def test_a_message_announced_too_large_is_refused_at_its_header(client: LanguageClient):
    await initialize(client)
    answers = []
    original = client.protocol._handle_response

    def record(msg_id, result=None, error=None):
        answers.append((msg_id, error))
        return original(msg_id, result, error)

    client.protocol._handle_response = record
    # Two billion bytes announced and two sent: the refusal comes at once, and the request that
    # follows is read and answered, not taken for the rest of the body.
    client._server.stdin.write(b"Content-Length: 2000000000\r\n\r\n{}")
    await client._server.stdin.drain()
    params = await asyncio.wait_for(open_document(client, URI, "items: []\n"), 30)
    assert list(params.diagnostics) == []
    errors = [(msg_id, error.code, error.message) for msg_id, error in answers if error is not None]
    assert errors == [
        (None, -32600, "a message of 2000000000 bytes is larger than the limit of 67108864 bytes")]


async def test_exit_without_shutdown_exits_with_status_1(client: LanguageClient):
    await initialize(client)
    client.exit(None)
    assert await asyncio.wait_for(client._server.wait(), 10) == 1


async def test_shutdown_then_exit_exits_with_status_0(client: LanguageClient):
    await initialize(client)
    assert await client.shutdown_async(None) is None
    client.exit(None)
    assert await asyncio.wait_for(client._server.wait(), 10) == 0


async def test_diagnostics_after_open_change_and_close(client: LanguageClient):
    await initialize(client)
    opened = await open_document(client, URI, "items:\n  - name: Bread\n    price: 3,49\n")
    assert [(d.code, d.source, d.severity, d.range) for d in opened.diagnostics] == [
        ("bad-price", "shop", types.DiagnosticSeverity.Error, span(2, 11, 15)),
    ]
    assert opened.version == 1
    # An incremental change that fixes the price, then one that adds a warning.
    waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[types.TextDocumentContentChangePartial(range=span(2, 12, 13), text=".")]))
    changed = await asyncio.wait_for(waiting, 10)
    assert changed.version == 2
    assert list(changed.diagnostics) == []
    waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=3),
            content_changes=[types.TextDocumentContentChangePartial(range=span(3, 0, 0), text="    colour: red\n")]))
    warned = await asyncio.wait_for(waiting, 10)
    assert [(d.code, d.severity, d.range) for d in warned.diagnostics] == [
        ("unknown-key", types.DiagnosticSeverity.Warning, span(3, 4, 10)),
    ]
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    closed = await asyncio.wait_for(waiting, 10)
    assert closed.uri == URI
    assert list(closed.diagnostics) == []


@pytest.mark.parametrize("encodings, start", [(["utf-8"], 25), (None, 21)])
async def test_diagnostic_ranges_after_emoji_and_umlauts(client: LanguageClient, encodings, start):
    # "  - {name: Grüße 😀, " is 25 bytes and 21 UTF-16 units before the misspelt key.
    await initialize(client, encodings)
    params = await open_document(client, URI, FINDINGS)
    found = {d.code: d for d in params.diagnostics}
    assert found["unknown-key"].range == span(1, start, start + 5)
    assert found["unknown-key"].message == 'unknown key "prize" (did you mean "price"?)'
    assert found["bad-price"].range == span(3, 11, 17)


async def test_formatting_gives_the_canonical_text(client: LanguageClient):
    await initialize(client)
    text = "items:\n- price: 3.5\n  name: Grüße 😀   # note\n  buy: yes\n"
    await open_document(client, URI, text)
    options = types.FormattingOptions(tab_size=2, insert_spaces=True)
    identifier = types.TextDocumentIdentifier(uri=URI)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(text_document=identifier, options=options))
    assert len(edits) == 1
    formatted = apply_edits(text, edits)
    assert formatted == "items:\n  - name: Grüße 😀 # note\n    price: 3.50\n    buy: true\n"
    # Canonical text needs no edits.
    waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=formatted)]))
    await asyncio.wait_for(waiting, 10)
    again = await client.text_document_formatting_async(types.DocumentFormattingParams(text_document=identifier, options=options))
    assert list(again) == []


async def test_formatting_a_document_that_is_not_yaml_is_an_error(client: LanguageClient):
    await initialize(client)
    params = await open_document(client, URI, "items:\n  - name: \"unclosed\n")
    assert [d.code for d in params.diagnostics] == ["syntax"]
    options = types.FormattingOptions(tab_size=2, insert_spaces=True)
    with pytest.raises(JsonRpcException) as raised:
        await client.text_document_formatting_async(
            types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=URI), options=options))
    assert raised.value.code == -32803
    assert "cannot be formatted" in raised.value.message


def conflicted_list(folder: str, set_up: bool) -> str:
    """A git repository in `folder` whose shopping.yaml has a conflict left by a merge, with
    `shop git setup` run in it when `set_up`; returns the list's path."""
    def git(*arguments):
        subprocess.run(["git", "-C", folder, *arguments], check=True, capture_output=True)

    git("init", "-q", "-b", "main")
    git("config", "user.name", "Test")
    git("config", "user.email", "test@example.org")
    path = os.path.join(folder, "shopping.yaml")
    with open(path, "w") as out:
        out.write("items:\n  - name: Tea\n<<<<<<< ours\n    price: 4.50\n=======\n    price: 4.20\n>>>>>>> theirs\n")
    if set_up:
        subprocess.run([SHOP, "git", "setup"], cwd=folder, check=True, capture_output=True)
    return path


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
@pytest.mark.parametrize("set_up", [False, True])
async def test_conflict_markers_advise_git_setup_only_where_shop_does_not_merge(client: LanguageClient, set_up):
    await initialize(client)
    with tempfile.TemporaryDirectory() as temporary:
        # A space in the path: the document's URI escapes it.
        folder = os.path.join(temporary, "our lists")
        os.mkdir(folder)
        path = conflicted_list(folder, set_up)
        with open(path) as text:
            params = await open_document(client, "file://" + urllib.parse.quote(path), text.read())
    assert [d.code for d in params.diagnostics] == ["merge-conflict"]
    message = params.diagnostics[0].message
    assert message.startswith("unresolved merge conflict (lines 3-7): keep the lines you want")
    assert ("'shop git setup' makes git merge lists item by item" in message) == (not set_up), message


def merge_without_driver(folder: str) -> str:
    """A git repository in `folder` whose shopping.yaml git holds as unmerged after a merge whose
    driver could not run (its command names a program that is not there): git left ours' version
    as it was. Returns the list's path."""
    def git(*arguments, check=True):
        return subprocess.run(["git", "-C", folder, *arguments], check=check, capture_output=True)

    def write(text):
        with open(os.path.join(folder, "shopping.yaml"), "w") as out:
            out.write(text)

    git("init", "-q", "-b", "main")
    git("config", "user.name", "Test")
    git("config", "user.email", "test@example.org")
    git("config", "merge.shop.driver", "/nonexistent/bin/shop merge %O %A %B --marker-size %L --path %P")
    with open(os.path.join(folder, ".gitattributes"), "w") as out:
        out.write("shopping.yaml merge=shop\n")
    write("items:\n  - name: Tea\n    price: 4.50\n  - name: Milk\n    price: 1.10\n")
    git("add", "-A")
    git("commit", "-q", "-m", "base")
    git("checkout", "-q", "-b", "other")
    write("items:\n  - name: Tea\n    price: 4.20\n  - name: Milk\n    price: 1.10\n")
    git("commit", "-q", "-am", "tea")
    git("checkout", "-q", "main")
    write("items:\n  - name: Tea\n    price: 4.50\n  - name: Milk\n    price: 1.30\n")
    git("commit", "-q", "-am", "milk")
    assert git("merge", "other", check=False).returncode != 0
    return os.path.join(folder, "shopping.yaml")


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
async def test_a_list_git_holds_as_unmerged_is_an_error_then_a_warning_once_resolved(client: LanguageClient):
    await initialize(client)
    with tempfile.TemporaryDirectory() as temporary:
        path = merge_without_driver(temporary)
        uri = "file://" + urllib.parse.quote(path)
        with open(path) as text:
            opened = await open_document(client, uri, text.read())
        assert [(d.code, d.severity, d.range) for d in opened.diagnostics] == [
            ("unmerged", types.DiagnosticSeverity.Error, span(0, 0, 6)),
        ]
        message = opened.diagnostics[0].message
        assert "it is byte for byte one side's version (ours)" in message, message
        assert "'git checkout -m shopping.yaml' makes the merge again" in message, message
        # As shop fmt refuses it, formatting is refused.
        options = types.FormattingOptions(tab_size=2, insert_spaces=True)
        with pytest.raises(JsonRpcException) as raised:
            await client.text_document_formatting_async(
                types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=uri), options=options))
        assert "cannot be formatted" in raised.value.message
        # Resolved by hand in the editor: git still holds it until it is added.
        waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
                content_changes=[types.TextDocumentContentChangePartial(range=span(2, 11, 15), text="4.20")]))
        resolved = await asyncio.wait_for(waiting, 10)
        assert [(d.code, d.severity, d.message) for d in resolved.diagnostics] == [
            ("unmerged", types.DiagnosticSeverity.Warning,
             "git still holds shopping.yaml as unmerged: 'git add shopping.yaml' once it is resolved"),
        ]
