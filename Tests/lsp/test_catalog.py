"""A list that names a catalog, in `shop lsp` driven by a real client: the diagnostics are those of
`shop check` on the same files, and the list is checked again when its catalog changes in the
editor or on disk."""
import asyncio
import json
import os
import subprocess
import tempfile
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import SHOP, initialize, open_document

CATALOG = (
    "currency: EUR\n"
    "categories: [Dairy, Bakery]\n"
    "items:\n"
    "  - name: Milk\n"
    "    price: 1.20\n"
    "    unit: l\n"
    "    category: Dairy\n"
    "  - name: Bread\n"
    "    price: 2.50\n"
    "    category: Bakery\n"
)
LIST = (
    "title: Week\n"
    "catalog: catalog.yaml\n"
    "items:\n"
    "  - name: Milk\n"
    "    quantity: 2\n"
    "    buy: true\n"
    "  - name: Cheese\n"
    "    category: Diary\n"
)


@pytest.fixture
def folder():
    with tempfile.TemporaryDirectory(prefix="shop-lsp-catalog-") as path:
        yield Path(path)


def as_check(diagnostics):
    """Diagnostics as `shop check --format json` writes findings: 1-based lines and columns."""
    return [
        (d.code, d.range.start.line + 1, d.range.start.character + 1, d.range.end.line + 1,
         d.range.end.character + 1, d.message)
        for d in diagnostics
    ]


def checked(path: Path):
    """The findings of `shop check --format json` in the file at `path`."""
    run = subprocess.run([SHOP, "check", "--format", "json", path.name], cwd=path.parent, capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    return [
        (f["rule"], f["line"], f["column"], f["endLine"], f["endColumn"], f["message"])
        for f in json.loads(run.stdout) if f["file"] == path.name
    ]


async def published(client: LanguageClient, uri: str, send):
    """Sends what `send` sends and returns the next diagnostics published for `uri`."""
    loop = asyncio.get_running_loop()
    waiting = loop.create_future()
    client.diagnostics.pop(uri, None)

    async def wait():
        while uri not in client.diagnostics:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return client.diagnostics[uri]

    task = asyncio.ensure_future(wait())
    await asyncio.sleep(0)
    send()
    return await asyncio.wait_for(task, 10)


async def test_diagnostics_are_those_of_check(client: LanguageClient, folder: Path):
    await initialize(client)
    (folder / "catalog.yaml").write_text(CATALOG)
    (folder / "list.yaml").write_text(LIST)
    params = await open_document(client, (folder / "list.yaml").as_uri(), LIST)
    found = as_check(params.diagnostics)
    assert [f[0] for f in found] == ["not-in-catalog", "unknown-category"]
    assert found == checked(folder / "list.yaml")
    # A catalog that is not there: the same `catalog` error as check's.
    (folder / "catalog.yaml").unlink()
    missing = await open_document(client, (folder / "list.yaml").as_uri(), LIST, version=2)
    assert [d.code for d in missing.diagnostics] == ["catalog"]
    assert as_check(missing.diagnostics) == checked(folder / "list.yaml")


async def test_checked_again_when_the_catalog_changes(client: LanguageClient, folder: Path):
    await initialize(client)
    (folder / "catalog.yaml").write_text(CATALOG)
    list_uri = (folder / "list.yaml").as_uri()
    catalog_uri = (folder / "catalog.yaml").as_uri()
    first = await open_document(client, list_uri, LIST)
    assert [d.code for d in first.diagnostics] == ["not-in-catalog", "unknown-category"]

    # On disk, told by a watched-file change.
    (folder / "catalog.yaml").write_text(CATALOG + "  - name: Cheese\n")
    changes = types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=catalog_uri, type=types.FileChangeType.Changed)])
    after = await published(client, list_uri, lambda: client.workspace_did_change_watched_files(changes))
    assert [d.code for d in after] == ["unknown-category"]

    # Opened in the editor, its text counts (without Cheese, as before the file changed)...
    opened = await published(client, list_uri, lambda: client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=catalog_uri, language_id="yaml", version=1, text=CATALOG))))
    assert [d.code for d in opened] == ["not-in-catalog", "unknown-category"]
    # ...and each change of it, unsaved: Milk renamed.
    renamed = CATALOG.replace("name: Milk", "name: Oat milk") + "  - name: Cheese\n"

    def change():
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=catalog_uri, version=2),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=renamed)]))

    edited = await published(client, list_uri, change)
    assert [(d.code, d.message) for d in edited] == [
        ("not-in-catalog", '"Milk" is not in the catalog; add it there, or check its spelling'),
        ("unknown-category", edited[1].message),
    ]
