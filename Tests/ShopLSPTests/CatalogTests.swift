import Foundation
import JSON
import ShopCore
import ShopLSP
import Testing
import TestSupport

/// Lists that name a catalog, through the server: diagnostics as `shop check` gives them, catalog
/// names completed, the catalog's values on hover, and the lists checked again when their
/// catalog changes in the editor or on disk.
@Suite struct CatalogTests {
    static let catalog = """
        currency: EUR
        categories: [Dairy, Bakery]
        items:
          - name: Milk
            price: 1.20
            unit: l
            size: 1 l
            category: Dairy
            notes: organic
          - name: Bread
            price: 2.50
            category: Bakery
          - name: Butter
            price: 3.10
            category: Dairy

        """
    static let list = """
        title: Week
        catalog: catalog.yaml
        items:
          - name: Milk
            price: 0.99
            quantity: 2
            buy: true
          - name: Bread
          - name: Cheese
            category: Diary

        """

    /// A folder of its own for the test, with `catalog.yaml` in it unless `catalog` is nil.
    static func folder(catalog: String? = Self.catalog) throws -> ScratchFolder {
        let folder = try ScratchFolder("shop-lsp-catalog")
        if let catalog { try folder.write(catalog, to: "catalog.yaml") }
        return folder
    }

    /// A request that does something to the world between two messages: the server handles
    /// messages in order, so what it does comes after the messages before it and before those
    /// after it.
    struct Step: RequestHandler {
        let action: @Sendable () -> Void
        var method: String { "test/step" }
        var serverCapability: (key: String, value: JSONValue)? { nil }
        func respond(to request: FeatureRequest) throws(ResponseError) -> JSONValue {
            action()
            return nil
        }
    }

    /// Runs the shop features on `input` between initialize and shutdown, with `step` answering
    /// `test/step`.
    func run(_ input: [UInt8], step: @escaping @Sendable () -> Void = {}) -> [JSONValue] {
        var features = ShopLanguageFeatures.make()
        features.requests.append(Step(action: step))
        return runServer(Frames.initialize(capabilities: FeatureSession.fullCapabilities) + input + Frames.shutdownAndExit, features: features)
            .messages
    }

    /// The diagnostics published for `uri`, each publication as rule ids and messages.
    func published(_ messages: [JSONValue], for uri: String) -> [[JSONValue]] {
        messages.filter { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri) }
            .map { $0["params"]?["diagnostics"]?.arrayValue ?? [] }
    }

    func codes(_ diagnostics: [JSONValue]) -> [String] {
        diagnostics.compactMap { $0["code"]?.stringValue }
    }

    /// The rule ids last published for `uri` once it is opened as `text`.
    func codes(opening uri: String, _ text: String) -> [String] {
        codes(published(run(Frames.didOpen(uri, text)), for: uri).last ?? [])
    }

    /// The result of the request `method` with `params` about `uri`, opened as `text`.
    func answer(opening uri: String, _ text: String, _ method: String, _ params: JSONValue) -> JSONValue? {
        run(Frames.didOpen(uri, text) + Frames.request(10, method, params)).first { $0["id"] == 10 }?["result"]
    }

    static func change(_ uri: String, _ text: String, version: Int) -> [UInt8] {
        Frames.notification(
            "textDocument/didChange",
            ["textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": [["text": .string(text)]]])
    }

    static func close(_ uri: String) -> [UInt8] {
        Frames.notification("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
    }

    @Test("a catalog that is not there is the error catalog at the list's catalog value")
    func missingCatalog() throws {
        let folder = try Self.folder(catalog: nil)
        let uri = folder.uri("list.yaml")
        let messages = run(Frames.didOpen(uri, Self.list))
        let diagnostics = try #require(published(messages, for: uri).last)
        #expect(codes(diagnostics) == ["catalog"])
        let error = try #require(diagnostics.first)
        #expect(error["message"] == "cannot read the catalog 'catalog.yaml': No such file or directory")
        #expect(error["severity"] == 1)
        #expect(error["range"] == ["start": ["line": 1, "character": 9], "end": ["line": 1, "character": 21]])
        // A document that is no file has no folder to find a relative catalog in.
        let untitled = run(Frames.didOpen("untitled:Untitled-1", Self.list))
        let message = published(untitled, for: "untitled:Untitled-1").last?.first?["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("cannot read the catalog 'catalog.yaml': the list is not saved in a file"))
    }

    @Test("a catalog that is a folder or a named pipe is the catalog error, and the server does not wait on the pipe")
    func catalogThatIsNoFile() throws {
        let folder = try Self.folder(catalog: nil)
        let uri = folder.uri("list.yaml")
        try folder.makeFolder("catalog.yaml")
        let messages = run(Frames.didOpen(uri, Self.list))
        #expect(published(messages, for: uri).last?.first?["message"] == "cannot read the catalog 'catalog.yaml': it is a directory")
        let pipe = folder.url("pipe.yaml").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let piped = run(Frames.didOpen(uri, Self.list.replacingOccurrences(of: "catalog.yaml", with: "pipe.yaml")))
        #expect(published(piped, for: uri).last?.first?["message"] == "cannot read the catalog 'pipe.yaml': it is not a regular file")
    }

    @Test("the list is checked against the catalog on disk: not-in-catalog, the categories in force, currency-mismatch")
    func checkedAgainstTheFileOnDisk() throws {
        let folder = try Self.folder()
        let uri = folder.uri("list.yaml")
        let diagnostics = try #require(published(run(Frames.didOpen(uri, Self.list)), for: uri).last)
        #expect(codes(diagnostics) == ["not-in-catalog", "unknown-category"])
        #expect(diagnostics.first?["message"] == "\"Cheese\" is not in the catalog; add it there, or check its spelling")
        #expect(diagnostics.first?["severity"] == 2)
        #expect(diagnostics.first?["range"] == ["start": ["line": 8, "character": 10], "end": ["line": 8, "character": 16]])
        // The categories in force are the catalog's: Diary is close to its Dairy.
        #expect(diagnostics.last?["message"]?.stringValue?.contains("Dairy") == true)
        let dollars = "currency: USD\n" + Self.list
        #expect(codes(opening: uri, dollars).contains("currency-mismatch"))
        // A catalog in a folder above, named with `..`, is found too.
        try folder.makeFolder("lists")
        let nested = folder.uri("lists/week.yaml")
        let above = Self.list.replacingOccurrences(of: "catalog: catalog.yaml", with: "catalog: ../catalog.yaml")
        #expect(codes(opening: nested, above) == ["not-in-catalog", "unknown-category"])
    }

    @Test("a catalog path with .. is opened as shop check opens it: after the links of the list's folder")
    func dotDotAfterLinks() throws {
        let folder = try Self.folder(catalog: nil)
        try folder.makeFolder("real/lists")
        try folder.write(Self.catalog, to: "real/catalog.yaml")
        try FileManager.default.createSymbolicLink(at: folder.url("lists"), withDestinationURL: folder.url("real/lists"))
        let uri = folder.uri("lists/week.yaml")
        let above = Self.list.replacingOccurrences(of: "catalog: catalog.yaml", with: "catalog: ../catalog.yaml")
        #expect(codes(opening: uri, above) == ["not-in-catalog", "unknown-category"])
    }

    @Test("the catalog open in the editor counts, unsaved, and a change of it checks its lists again")
    func catalogChangedInTheEditor() throws {
        let folder = try Self.folder()
        let list = folder.uri("list.yaml")
        let catalog = folder.uri("catalog.yaml")
        let withCheese = Self.catalog + "  - name: Cheese\n    category: Dairy\n"
        let withoutMilk = withCheese.replacingOccurrences(of: "- name: Milk", with: "- name: Oat milk")
        let messages = run(
            Frames.didOpen(list, Self.list) + Frames.didOpen(catalog, withCheese)
                + Self.change(catalog, withoutMilk, version: 2) + Self.close(catalog))
        let lists = published(messages, for: list)
        // Opened against the file; again when the catalog opens (with Cheese), when it changes
        // (Milk renamed), and when it closes (the file again).
        #expect(lists.count == 4)
        #expect(lists.map(codes) == [
            ["not-in-catalog", "unknown-category"], ["unknown-category"], ["not-in-catalog", "unknown-category"],
            ["not-in-catalog", "unknown-category"],
        ])
        #expect(lists[2].first?["message"] == "\"Milk\" is not in the catalog; add it there, or check its spelling")
        #expect(lists[3].first?["message"] == "\"Cheese\" is not in the catalog; add it there, or check its spelling")
        // The catalog's own diagnostics are its own: it is published for itself, not as a list's.
        #expect(published(messages, for: catalog).map(codes) == [[], [], []])
    }

    @Test("a catalog changed on disk checks its lists again, on a watched-file change and on save")
    func catalogChangedOnDisk() throws {
        let folder = try Self.folder()
        let list = folder.uri("list.yaml")
        let catalog = folder.uri("catalog.yaml")
        let watched = Frames.notification("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(catalog), "type": 2]]])
        let unrelated = Frames.notification(
            "workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri("other.yaml")), "type": 2]]])
        let withCheese = Self.catalog + "  - name: Cheese\n    category: Dairy\n"
        let messages = run(
            Frames.didOpen(list, Self.list) + unrelated + Frames.request(50, "test/step") + watched,
            step: { try? folder.write(withCheese, to: "catalog.yaml") })
        #expect(published(messages, for: list).map(codes) == [["not-in-catalog", "unknown-category"], ["unknown-category"]])

        // Saved from the editor, which then closes it: the file is read again.
        let broken = "items: [\n"
        let saved = run(
            Frames.didOpen(list, Self.list) + Frames.didOpen(catalog, broken) + Frames.request(50, "test/step")
                + Frames.notification("textDocument/didSave", ["textDocument": ["uri": .string(catalog)]]) + Self.close(catalog),
            step: { try? folder.write(broken, to: "catalog.yaml") })
        let lists = published(saved, for: list)
        #expect(lists.map(codes) == [["unknown-category"], ["catalog"], ["catalog"], ["catalog"]])
        #expect(lists.last?.first?["message"]?.stringValue?.hasPrefix("the catalog 'catalog.yaml' is not a shop list: line ") == true)
    }

    @Test("a client that registers file watchers on request is asked to watch shop files; one that cannot is not")
    func watchersRegistered() throws {
        var capabilities = FeatureSession.fullCapabilities
        capabilities["workspace"] = ["didChangeWatchedFiles": ["dynamicRegistration": true]]
        let answer = Frames.message(["jsonrpc": "2.0", "id": "shop/watchedFiles", "result": nil])
        let messages = runServer(
            Frames.initialize(capabilities: capabilities) + answer + Frames.request(7, "shutdown") + Frames.notification("exit"),
            features: ShopLanguageFeatures.make()).messages
        let request = try #require(messages.first { $0["method"] == "client/registerCapability" })
        #expect(request["id"] == "shop/watchedFiles")
        #expect(request["params"] == [
            "registrations": [[
                "id": "shop/watchedFiles", "method": "workspace/didChangeWatchedFiles",
                "registerOptions": ["watchers": [["globPattern": "**/*.yaml"], ["globPattern": "**/*.yml"]]],
            ]]
        ])
        // The client's answer is taken as an answer, not as a message to refuse.
        #expect(messages.last?["id"] == 7 && messages.last?["result"] == .null)
        #expect(!messages.contains { $0["error"] != nil })
        let plain = run([])
        #expect(!plain.contains { $0["method"] == "client/registerCapability" })
    }

    @Test("after name:, the catalog's names the list does not have yet, with their prices")
    func catalogNamesComplete() throws {
        let folder = try Self.folder()
        let uri = folder.uri("list.yaml")
        func items(_ marked: String) -> [JSONValue] {
            let text = MarkedText(marked)
            let params: JSONValue = ["textDocument": ["uri": .string(uri)], "position": text.position]
            return answer(opening: uri, text.text, "textDocument/completion", params)?["items"]?.arrayValue ?? []
        }
        let found = items("catalog: catalog.yaml\nitems:\n  - name: Milk\n  - name: B‸\n")
        #expect(found.compactMap { $0["label"]?.stringValue } == ["Bread", "Butter"])
        #expect(found.first?["detail"] == "catalog item, 2.50 EUR")
        #expect(found.first?["textEdit"]?["newText"] == "Bread")
        // The name being typed is offered even when it is complete; Milk is on the list already.
        let typed = items("catalog: catalog.yaml\nitems:\n  - name: Milk\n  - name: Bread‸\n")
        #expect(typed.compactMap { $0["label"]?.stringValue } == ["Bread", "Butter"])
        // A line half typed still completes against the catalog.
        let half = items("catalog: catalog.yaml\nitems:\n  - name: Milk\n  - name: \"B‸\n")
        #expect(half.compactMap { $0["label"]?.stringValue } == ["Bread", "Butter"])
        // The categories in force are the catalog's.
        let categories = items("catalog: catalog.yaml\nitems:\n  - name: Tea\n    category: ‸\n")
        #expect(categories.compactMap { $0["label"]?.stringValue } == ["Dairy", "Bakery"])
        // Without a catalog, no names.
        #expect(items("items:\n  - name: Milk\n  - name: ‸\n").isEmpty)
    }

    @Test("hover on an item shows the catalog item's values and which the list overrides")
    func hoverShowsTheCatalogItem() throws {
        let folder = try Self.folder()
        let uri = folder.uri("list.yaml")
        func hover(_ needle: String) -> String? {
            let line = Self.list.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) } ?? 0
            let params: JSONValue = ["textDocument": ["uri": .string(uri)], "position": ["line": .int(line), "character": 13]]
            return answer(opening: uri, Self.list, "textDocument/hover", params)?["contents"]?["value"]?.stringValue
        }
        #expect(hover("- name: Milk") == """
            **Milk**

            Line total: 1.98 EUR (2 l of 1 l × 0.99)

            Catalog: price 1.20 EUR, unit l, size 1 l, category Dairy, notes “organic”.

            The list sets its own price.

            On the shopping list, not done yet.
            """)
        #expect(hover("- name: Bread")?.contains("Catalog: price 2.50 EUR, category Dairy") == false)
        #expect(hover("- name: Bread")?.contains("Catalog: price 2.50 EUR, category Bakery.\n\nThe list overrides none of them.") == true)
        #expect(hover("- name: Cheese")?.contains("Not in the catalog.") == true)
    }
}
