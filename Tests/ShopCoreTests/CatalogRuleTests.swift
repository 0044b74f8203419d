import ShopCore
import Testing
import YAML

/// The rules of a list that names a catalog, on the list resolved in memory.
@Suite struct CatalogRuleTests {
    func read(_ text: String) throws -> ShoppingList {
        try ShoppingList.read(Array(text.utf8)).get()
    }

    func lines(_ list: ShoppingList) -> [String] {
        list.diagnostics.map(goldenLine)
    }

    static let catalog = "currency: EUR\ncategories: [Dairy]\nitems:\n  - name: Milk\n    category: Dairy\n"

    @Test func anItemTheCatalogLacksIsAWarningAtItsName() throws {
        let list = try read("catalog: c.yaml\nitems:\n  - name: Milk\n  - name: Eggs\n").resolved(with: try read(Self.catalog))
        #expect(lines(list) == ["4:11 warning not-in-catalog \"Eggs\" is not in the catalog; add it there, or check its spelling"])
    }

    @Test func aDifferentCurrencyIsAnError() throws {
        let list = try read("currency: USD\ncatalog: c.yaml\nitems: []\n").resolved(with: try read(Self.catalog))
        #expect(
            lines(list) == [
                "1:11 error currency-mismatch the currency USD differs from the catalog's (EUR); prices of both files are in one currency"
            ])
        let same = try read("currency: EUR\ncatalog: c.yaml\nitems: []\n").resolved(with: try read(Self.catalog))
        #expect(lines(same).isEmpty)
    }

    @Test func categoriesInForceJudgeTheListsCategories() throws {
        let list = try read("catalog: c.yaml\nitems:\n  - name: Milk\n    category: Dairyy\n").resolved(with: try read(Self.catalog))
        #expect(
            lines(list) == [
                "4:15 warning unknown-category category \"Dairyy\" is not in the catalog's \"categories\" (did you mean \"Dairy\"?)"
            ])
    }

    @Test func eachCatalogProblemIsAnErrorAtTheCatalogValue() throws {
        let list = try read("catalog: c.yaml\nitems: []\n")
        #expect(lines(list.withCatalogProblem(.unreadable(reason: "No such file or directory"))) == [
            "1:10 error catalog cannot read the catalog 'c.yaml': No such file or directory"
        ])
        #expect(lines(list.withCatalogProblem(.namesACatalog(path: "d.yaml"))) == [
            "1:10 error catalog the catalog 'c.yaml' names a catalog itself ('d.yaml'); a catalog cannot have a catalog"
        ])
        #expect(lines(try read("catalog: [a, b]\nitems: []\n")) == [
            "1:10 error catalog \"catalog\" must be the path of a catalog file, such as catalog.yaml, not a list"
        ])
    }
}
