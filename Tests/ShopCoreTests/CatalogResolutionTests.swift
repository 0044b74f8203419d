import ShopCore
import Testing
import YAML

/// A list resolved against its catalog: which item each list item is, and whose values it shows.
@Suite struct CatalogResolutionTests {
    static let catalog = """
        currency: EUR
        categories: [Dairy, Bakery]
        items:
          - name: Milk
            id: milk-1
            price: 1.20
            unit: l
            size: 1 l
            category: Dairy
            notes: the blue one
          - name: Bread
            price: 2.50
            category: Bakery
          - name: Butter
            id: butter-9
            price: 3.10
            category: Dairy

        """

    func read(_ text: String) throws -> ShoppingList {
        try ShoppingList.read(Array(text.utf8)).get()
    }

    func resolved(_ list: String, catalog: String = Self.catalog) throws -> ShoppingList {
        try read(list).resolved(with: try read(catalog))
    }

    @Test func catalogPathIsDecodedAsWritten() throws {
        let list = try read("catalog: ../shared/catalog.yaml\nitems: []\n")
        #expect(list.catalogPath == "../shared/catalog.yaml")
        #expect(list.catalogNode != nil)
        #expect(list.catalog == nil)
        #expect(try read("items: []\n").catalogPath == nil)
    }

    @Test func eachKeyComesFromTheCatalogUnlessTheListSetsIt() throws {
        let list = try resolved(
            """
            catalog: catalog.yaml
            items:
              - name: milk
                quantity: 2
                buy: true
              - name: Bread
                price: 2.00
                notes: sliced
                category:

            """)
        let milk = list.items[0]
        #expect(milk.catalogItem?.name == "Milk")
        #expect(milk.price == DecimalNumber(units: 120, scale: 2))
        #expect(milk.unit == "l")
        #expect(milk.size == "1 l")
        #expect(milk.category == "Dairy")
        #expect(milk.id == "milk-1")
        #expect(milk.notes == "the blue one")
        #expect(milk.quantity == DecimalNumber(2))
        #expect(milk.buy)
        #expect(milk.name == "milk")
        #expect(milk.owner(of: .price) == .catalog)
        #expect(milk.owner(of: .quantity) == .list)
        #expect(milk.owner(of: .done) == nil)

        let bread = list.items[1]
        #expect(bread.price == DecimalNumber(units: 200, scale: 2))
        #expect(bread.notes == "sliced")
        // A key written without a value is not set: the catalog's holds.
        #expect(bread.category == "Bakery")
        #expect(bread.owner(of: .price) == .list)
        #expect(bread.owner(of: .notes) == .list)
        #expect(bread.owner(of: .category) == .catalog)
        #expect(bread.owner(of: .unit) == nil)
        #expect(!bread.buy)
    }

    @Test func anIDWinsOverTheName() throws {
        let list = try resolved(
            """
            items:
              - name: Milk
                id: butter-9
              - name: Cheese
                id: milk-1
              - name: Bread
                id: no-such-id

            """)
        #expect(list.items[0].catalogItem?.name == "Butter")
        #expect(list.items[0].price == DecimalNumber(units: 310, scale: 2))
        #expect(list.items[1].catalogItem?.name == "Milk")
        // An id the catalog lacks: the name decides.
        #expect(list.items[2].catalogItem?.name == "Bread")
        #expect(list.items[2].id == "no-such-id")
    }

    @Test func anItemTheCatalogLacksIsItsOwn() throws {
        let list = try resolved("items:\n  - name: Eggs\n    price: 0.30\n")
        #expect(list.items[0].catalogItem == nil)
        #expect(list.items[0].category == nil)
        #expect(list.items[0].owner(of: .category) == nil)
    }

    @Test func currencyAndCategoriesInForce() throws {
        let inherited = try resolved("title: Weekly\nitems: []\n")
        #expect(inherited.currency?.code == "EUR")
        #expect(inherited.ownCurrency == nil)
        #expect(inherited.categories == ["Dairy", "Bakery"])
        #expect(inherited.title == "Weekly")

        let own = try resolved("currency: EUR\ncategories: [Bakery]\nitems: []\n")
        #expect(own.categories == ["Bakery"])
        #expect(own.ownCurrency?.code == "EUR")

        let untitled = try resolved("items: []\n", catalog: "title: Catalog\nitems: []\n")
        #expect(untitled.title == nil)
    }

    @Test func storesAreTheListsElseTheCatalogs() throws {
        let catalog = "stores:\n  Corner: [Dairy]\nitems: []\n"
        #expect(try resolved("items: []\n", catalog: catalog).stores?.names == ["Corner"])
        #expect(try resolved("stores:\n  Market: [Bakery]\nitems: []\n", catalog: catalog).stores?.names == ["Market"])
        #expect(try resolved("items: []\n").stores == nil)
    }

    @Test func aListWithoutCurrencyUnderAYenCatalogHasNoDecimals() throws {
        let catalog = "currency: JPY\nitems:\n  - name: Rice\n    price: 480\n"
        let list = try resolved("items:\n  - name: Rice\n  - name: Tea\n    price: 300\n", catalog: catalog)
        #expect(list.priceDecimals == 0)
        #expect(list.items[0].price == DecimalNumber(480))
        #expect(list.items[1].price == DecimalNumber(300))
        // Read alone, the same list's 300 is 300.00: with decimals 2 it is still a valid price.
        let jpyOnly = try resolved("items:\n  - name: Tea\n    price: 300.50\n", catalog: catalog)
        #expect(jpyOnly.items[0].price == nil)
    }

    @Test func editsKeepTheCatalog() throws {
        var editor = try ListEditor(list: try resolved("items:\n  - name: milk\n"))
        try editor.buy("milk")
        let edited = editor.editedList
        #expect(edited.catalog != nil)
        #expect(edited.items[0].price == DecimalNumber(units: 120, scale: 2))
        #expect(edited.items[0].buy)
    }

    @Test func aCatalogProblemIsKept() throws {
        let list = try read("catalog: nowhere.yaml\nitems: []\n").withCatalogProblem(.unreadable(reason: "No such file or directory"))
        #expect(list.catalogProblem == .unreadable(reason: "No such file or directory"))
        #expect(list.catalog == nil)
    }
}
