"""`shop lsp`'s editing features driven by a real client: completion, hover, code actions, the
outline, saving, and a request cancelled while it waits."""
import asyncio
import json
import os
import subprocess
import tempfile

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import SHOP, apply_edits, initialize, open_document

URI = "file:///tmp/lists/shopping.yaml"
LIST = (
    "title: Weekly groceries\n"
    "currency: EUR\n"
    "categories:\n"
    "  - Produce\n"
    "  - Dairy\n"
    "items:\n"
    "  - name: Apples\n"
    "    price: 0.99\n"
    "    quantity: 1.5\n"
    "    unit: kg\n"
    "    category: Produce\n"
    "    buy: true\n"
    "  - name: Milk\n"
    "    category: Dairy\n"
    "    done: true\n"
)


def position(line, character):
    return types.Position(line=line, character=character)


def span(line, start, end, end_line=None):
    return types.Range(start=position(line, start), end=position(line if end_line is None else end_line, end))


def identifier():
    return types.TextDocumentIdentifier(uri=URI)


async def change(client: LanguageClient, version: int, text: str):
    """Replaces the whole text and waits for its diagnostics."""
    waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    return await asyncio.wait_for(waiting, 10)


async def complete(client: LanguageClient, line: int, character: int):
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=identifier(), position=position(line, character)))
    return result.items


async def test_completion_of_keys_and_values(client: LanguageClient):
    result = await initialize(client)
    assert list(result.capabilities.completion_provider.trigger_characters) == [":", " "]
    await open_document(client, URI, LIST)
    # A key typed half: the document does not read, the keys the item lacks are offered.
    typed = LIST + "    qu"
    await change(client, 2, typed)
    items = await complete(client, 15, 6)
    assert [item.label for item in items] == ["id", "price", "quantity", "unit", "size", "buy", "notes"]
    quantity = next(item for item in items if item.label == "quantity")
    assert quantity.text_edit.range == span(15, 4, 6)
    assert apply_edits(typed, [quantity.text_edit]).endswith("    quantity: ")
    # Categories after category:, in aisle order; units the items use; true/false; currencies.
    await change(client, 3, LIST + "    category: \n")
    assert [item.label for item in await complete(client, 15, 14)] == ["Produce", "Dairy"]
    await change(client, 4, LIST + "    unit: \n")
    assert [item.label for item in await complete(client, 15, 10)] == ["kg"]
    assert [item.label for item in await complete(client, 14, 10)] == ["true", "false"]
    codes = [item.label for item in await complete(client, 1, 10)]
    assert "EUR" in codes and "JPY" in codes and len(codes) > 150
    # The top level: the keys it does not have.
    await change(client, 5, "title: x\n\nitems: []\n")
    assert [item.label for item in await complete(client, 1, 0)] == ["currency", "catalog", "categories", "stores"]


async def test_hover_on_keys_and_items(client: LanguageClient):
    await initialize(client)
    await open_document(client, URI, LIST)
    on_key = await client.text_document_hover_async(types.HoverParams(text_document=identifier(), position=position(7, 6)))
    assert on_key.contents.kind == types.MarkupKind.Markdown
    assert on_key.contents.value == "**price** (item key): The price of one unit, with at most the currency's decimals."
    assert on_key.range == span(7, 4, 9)
    on_item = await client.text_document_hover_async(types.HoverParams(text_document=identifier(), position=position(6, 12)))
    # 0.99 × 1.5 = 1.485, rounded half to even.
    assert on_item.contents.value == (
        "**Apples**\n\nLine total: 1.48 EUR (1.5 kg × 0.99)\n\nOn the shopping list, not done yet.")
    assert on_item.range == span(6, 4, 13, 11)
    done = await client.text_document_hover_async(types.HoverParams(text_document=identifier(), position=position(12, 10)))
    assert done.contents.value.endswith("Done, but not on the shopping list (buy is not true).")
    nothing = await client.text_document_hover_async(types.HoverParams(text_document=identifier(), position=position(3, 6)))
    assert nothing is None


FINDINGS = (
    "currency: EUR\n"
    "items:\n"
    "  - {name: Grüße 😀, prize: 1}\n"
    "  - name: \"Käse\"\n"
    "    price: \"3,49\"\n"
)


async def code_actions(client: LanguageClient, range, only=None):
    context = types.CodeActionContext(diagnostics=[], only=only)
    return await client.text_document_code_action_async(
        types.CodeActionParams(text_document=identifier(), range=range, context=context))


@pytest.mark.parametrize("encodings, start", [(["utf-8"], 25), (None, 21)])
async def test_quick_fixes_after_emoji_and_umlauts(client: LanguageClient, encodings, start):
    # "  - {name: Grüße 😀, " is 25 bytes and 21 UTF-16 units before the misspelt key.
    encoding = "utf-8" if encodings else "utf-16"
    await initialize(client, encodings)
    published = await open_document(client, URI, FINDINGS)
    actions = await code_actions(client, span(2, start + 1, start + 1))
    assert [(a.title, a.kind, a.is_preferred) for a in actions] == [
        ('rename to "price"', types.CodeActionKind.QuickFix, True),
        ("Apply the 2 safe fixes (shop check --fix)", "source.fixAll.shop", None),
    ]
    fix = actions[0]
    assert list(fix.diagnostics) == [d for d in published.diagnostics if d.code == "unknown-key"]
    edits = fix.edit.changes[URI]
    assert [(e.range, e.new_text) for e in edits] == [(span(2, start, start + 5), "price")]
    assert apply_edits(FINDINGS, edits, encoding).splitlines()[2] == "  - {name: Grüße 😀, price: 1}"
    comma = await code_actions(client, span(4, 12, 12), only=[types.CodeActionKind.QuickFix])
    assert [(a.title, a.edit.changes[URI][0].range) for a in comma] == [("write 3.49", span(4, 11, 17))]


async def test_fix_all_makes_the_edits_check_fix_makes(client: LanguageClient):
    text = "currency: EUR\nitems:\n  - name: Milk\n    prize: 1,19\n    done: true\n  - name: Tea\n    price: €2\n"
    await initialize(client)
    await open_document(client, URI, text)
    actions = await code_actions(client, span(0, 0, 0), only=[types.CodeActionKind.SourceFixAll])
    assert [a.kind for a in actions] == ["source.fixAll.shop"]
    fixed = apply_edits(text, actions[0].edit.changes[URI])
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "shopping.yaml")
        with open(path, "w") as file:
            file.write(text)
        subprocess.run([SHOP, "check", "--fix", path], capture_output=True)
        with open(path) as file:
            by_check = file.read()
        with open(path, "w") as file:
            file.write(fixed)
        formatted = subprocess.run([SHOP, "fmt", "--stdout", path], capture_output=True, text=True, check=True).stdout
    # check --fix writes the canonical form; the action leaves that to formatting.
    assert by_check == formatted
    assert "price: 1.19" in fixed and "buy: true" in fixed and "price: 2" in fixed


async def test_document_symbols(client: LanguageClient):
    await initialize(client)
    await open_document(client, URI, LIST + "  - name: Salt\n")
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=identifier()))
    assert [(s.name, s.kind) for s in symbols] == [
        ("Weekly groceries", types.SymbolKind.String),
        ("Produce", types.SymbolKind.Namespace),
        ("Dairy", types.SymbolKind.Namespace),
        ("Other", types.SymbolKind.Namespace),
    ]
    assert [[c.name for c in s.children or []] for s in symbols] == [[], ["Apples"], ["Milk"], ["Salt"]]
    apples = symbols[1].children[0]
    assert apples.range == span(6, 4, 13, 11) and apples.selection_range == span(6, 10, 16)
    assert apples.detail == "on the list"
    assert symbols[1].selection_range == span(3, 4, 11)


async def test_a_text_sent_on_save_is_taken(client: LanguageClient):
    await initialize(client)
    opened = await open_document(client, URI, "items: []\n")
    assert list(opened.diagnostics) == []
    waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=identifier(), text="items: [1]\n"))
    saved = await asyncio.wait_for(waiting, 10)
    assert [d.code for d in saved.diagnostics] == ["structure"]


async def test_a_request_cancelled_while_it_waits_is_answered_as_cancelled(client: LanguageClient):
    await initialize(client)
    answers = {}
    original = client.protocol._handle_response

    def record(msg_id, result=None, error=None):
        answers[msg_id] = (result, error)
        if msg_id != 9001:
            return original(msg_id, result, error)

    client.protocol._handle_response = record
    # A large document to read first, then a request and its cancellation at once: the request
    # still waits behind the reading when the cancellation comes.
    items = "".join(f"  - name: Item {n}\n    price: 1.{n % 100:02d}\n" for n in range(5000))
    messages = [
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": "items:\n" + items}}},
        {"jsonrpc": "2.0", "id": 9001, "method": "textDocument/hover",
         "params": {"textDocument": {"uri": URI}, "position": {"line": 1, "character": 6}}},
        {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 9001}},
    ]
    data = b""
    for message in messages:
        body = json.dumps(message).encode()
        data += b"Content-Length: %d\r\n\r\n" % len(body) + body
    waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client._server.stdin.write(data)
    await client._server.stdin.drain()
    await asyncio.wait_for(waiting, 10)
    # Answered before the hover that follows.
    after = await client.text_document_hover_async(types.HoverParams(text_document=identifier(), position=position(1, 6)))
    assert after is not None
    result, error = answers[9001]
    assert result is None and error.code == -32800
