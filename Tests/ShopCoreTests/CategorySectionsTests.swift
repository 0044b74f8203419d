import ShopCore
import Testing

/// Grouping follows the store's aisle order, then the other categories alphabetically, then the
/// uncategorized items.
@Suite struct CategorySectionsTests {
    func headings(_ sections: CategorySections) -> [String?] {
        sections.sections.map(\.heading)
    }

    func names(_ sections: CategorySections) -> [[String]] {
        sections.sections.map { $0.items.map { $0.name ?? "" } }
    }

    @Test func aisleOrderThenOthersAlphabeticallyThenOther() throws {
        let list = try ExportFixtures.parse(
            """
            categories: [Produce, Dairy, Bakery]
            items:
              - {name: Zebra cake, category: snacks, buy: true}
              - {name: Milk, category: Dairy, buy: true}
              - {name: Soap, buy: true}
              - {name: Pears, category: produce, buy: true}
              - {name: Apples, category: "  PRODUCE ", buy: true}
              - {name: Crisps, category: Snacks, buy: true}
              - {name: Broom, category: cleaning, buy: true}
              - {name: Éclair, category: Épicerie, buy: true}
              - {name: Bread, category: Bakery}
            """)
        let sections = CategorySections(list: list, scope: .shoppingList)
        #expect(headings(sections) == ["Produce", "Dairy", "cleaning", "Épicerie", "snacks", "Other"])
        #expect(
            names(sections) == [
                ["Pears", "Apples"], ["Milk"], ["Broom"], ["Éclair"], ["Zebra cake", "Crisps"], ["Soap"],
            ])
        #expect(sections.sections.last?.isUncategorized == true)
        #expect(sections.itemCount == 8)

        let all = CategorySections(list: list, scope: .all)
        #expect(headings(all) == ["Produce", "Dairy", "Bakery", "cleaning", "Épicerie", "snacks", "Other"])
    }

    @Test func withoutCategoriesThereIsOneSectionWithoutHeading() throws {
        let list = try ExportFixtures.parse(
            "items:\n  - {name: A, buy: true}\n  - {name: B, buy: true, category: \" \"}\n")
        let sections = CategorySections(list: list, scope: .shoppingList)
        #expect(headings(sections) == [nil])
        #expect(names(sections) == [["A", "B"]])
    }

    @Test func anEmptyScopeHasNoSections() throws {
        let list = try ExportFixtures.parse("categories: [A]\nitems:\n  - {name: X, category: A}\n")
        #expect(CategorySections(list: list, scope: .shoppingList).sections.isEmpty)
        #expect(CategorySections(list: try ExportFixtures.parse("items: []"), scope: .all).sections.isEmpty)
    }

    @Test func aCategoryNamedOtherLeavesTheUncategorizedTheirOwnHeading() throws {
        let list = try ExportFixtures.parse(
            "categories: [other, uncategorized]\nitems:\n  - {name: A, category: Other, buy: true}\n"
                + "  - {name: B, category: Uncategorized, buy: true}\n  - {name: C, buy: true}\n")
        #expect(
            headings(CategorySections(list: list, scope: .all)) == ["other", "uncategorized", "Without a category"])
    }

    @Test func aCategoryFilterKeepsOnlyThatCategory() throws {
        let list = try ExportFixtures.parse(
            "categories: [Dairy]\nitems:\n  - {name: Milk, category: Dairy, buy: true}\n"
                + "  - {name: Cheese, category: dairy}\n  - {name: Soap, buy: true}\n  - {name: Tea, category: Drinks}\n"
        )
        #expect(names(CategorySections(list: list, scope: .all, category: "DAIRY")) == [["Milk", "Cheese"]])
        #expect(names(CategorySections(list: list, scope: .shoppingList, category: "dairy")) == [["Milk"]])
        #expect(names(CategorySections(list: list, scope: .all, category: " drinks ")) == [["Tea"]])
        #expect(CategorySections(list: list, scope: .all, category: "Frozen").sections.isEmpty)
    }
}
