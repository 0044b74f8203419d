import ShopCore
import Testing

/// How the catalog a list names is found and what its bytes are: the rules the commands and the
/// language server share.
@Suite struct CatalogFileTests {
    @Test func theCatalogIsFoundInTheListsFolderUnlessItsPathIsAbsolute() {
        #expect(CatalogFile.path("c.yaml", listPath: "/home/a/lists/week.yaml") == "/home/a/lists/c.yaml")
        #expect(CatalogFile.path("../c.yaml", listPath: "lists/week.yaml") == "lists/../c.yaml")
        #expect(CatalogFile.path("/etc/c.yaml", listPath: "lists/week.yaml") == "/etc/c.yaml")
        #expect(CatalogFile.path("c.yaml", listPath: "week.yaml") == "c.yaml")
        #expect(CatalogFile.path("c.yaml", listPath: "-") == "c.yaml")
        #expect(CatalogFile.path("c.yaml", listPath: nil) == nil)
        #expect(CatalogFile.path("/etc/c.yaml", listPath: nil) == "/etc/c.yaml")
    }

    @Test func aBlankCatalogValueNamesNone() throws {
        #expect(try ShoppingList.read(Array("catalog: c.yaml\nitems: []\n".utf8)).get().namedCatalog == "c.yaml")
        #expect(try ShoppingList.read(Array("catalog: ' '\nitems: []\n".utf8)).get().namedCatalog == nil)
        #expect(try ShoppingList.read(Array("items: []\n".utf8)).get().namedCatalog == nil)
    }

    func problem(_ text: String) -> CatalogProblem? {
        guard case .failure(let problem) = CatalogFile.catalog(.success(Array(text.utf8))) else { return nil }
        return problem
    }

    @Test func bytesThatAreNoCatalogSayWhy() {
        guard case .notAShopFile(let reason) = problem("items: [\n") else {
            Issue.record("a syntax error is not a shop file")
            return
        }
        #expect(reason.hasPrefix("line 2: "), "the first finding's line and message: \(reason)")
        #expect(problem("- a\n") == .notAShopFile(reason: "it has no \"items\" list"))
        #expect(problem("title: x\n") == .notAShopFile(reason: "it has no \"items\" list"))
        #expect(problem("catalog: d.yaml\nitems: []\n") == .namesACatalog(path: "d.yaml"))
        #expect(problem("items:\n  - name: Milk\n") == nil)
        let unreadable = CatalogProblem.unreadable(reason: "Is a directory")
        guard case .failure(let problem) = CatalogFile.catalog(.failure(unreadable)) else {
            Issue.record("an unreadable file gave a catalog")
            return
        }
        #expect(problem == unreadable)
    }

    @Test func aListIsResolvedAgainstWhatItsCatalogsBytesAre() throws {
        let list = try ShoppingList.read(Array("catalog: c.yaml\nitems:\n  - name: Milk\n  - name: Eggs\n".utf8)).get()
        let catalog = "currency: EUR\nitems:\n  - name: Milk\n    price: 1.10\n"
        let resolved = list.resolvingCatalog(.success(Array(catalog.utf8)))
        #expect(resolved.currency?.code == "EUR")
        #expect(resolved.diagnostics.map(\.rule) == [.notInCatalog])
        let broken = list.resolvingCatalog(.success(Array("catalog: d.yaml\nitems: []\n".utf8)))
        #expect(broken.diagnostics.map(\.rule) == [.catalog])
    }
}
