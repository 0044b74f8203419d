#if canImport(TestSupport)
    import TestSupport
#endif

/// A list as a household keeps it, modelled plainly so that edits can be made to it and the
/// result of merging two edited copies can be worked out apart from shop: items with their keys
/// as canonical text, a comment above an item, end-of-line comments on its keys. ``text`` writes
/// it in shop's canonical form.
///
/// Used by the merge properties, the merge benchmark and the merge fuzzer; it needs nothing but
/// the standard library.
struct HouseholdList: Equatable, Sendable {
    struct Item: Equatable, Sendable {
        var name: String
        var id: String?
        /// Known keys other than name and id, as canonical text: price, quantity, unit, category,
        /// buy, done, notes.
        var values: [String: String] = [:]
        /// A comment line above the item.
        var comment: String?
        /// End-of-line comments on keys (not on notes, whose block has none).
        var keyComments: [String: String] = [:]
    }

    var header: [String] = []
    var title: String
    var currency = "EUR"
    var categories: [String] = []
    var items: [Item] = []

    /// The keys after name and id, in canonical order.
    static let keyOrder = ["price", "quantity", "unit", "category", "buy", "done", "notes"]

    /// The list in canonical form.
    var text: String {
        var lines = header
        lines.append("title: \(title)")
        lines.append("currency: \(currency)")
        if !categories.isEmpty {
            lines.append("categories:")
            lines += categories.map { "  - \($0)" }
        }
        if items.isEmpty {
            lines.append("items: []")
        } else {
            lines.append("items:")
            for item in items {
                if let comment = item.comment { lines.append("  \(comment)") }
                lines.append("  - name: \(item.name)" + (item.keyComments["name"].map { " " + $0 } ?? ""))
                if let id = item.id { lines.append("    id: \(id)" + (item.keyComments["id"].map { " " + $0 } ?? "")) }
                for key in Self.keyOrder {
                    guard let value = item.values[key] else { continue }
                    if key == "notes" {
                        lines.append("    notes: |")
                        lines += value.split(separator: "\n").map { "      \($0)" }
                    } else {
                        lines.append("    \(key): \(value)" + (item.keyComments[key].map { " " + $0 } ?? ""))
                    }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The item's name as names are compared (these names are ASCII).
    static func key(_ name: String) -> String {
        name.lowercased().split(separator: " ").joined(separator: " ")
    }
}

/// Makes realistic lists: a few dozen to a few hundred items from a grocery catalogue, prices,
/// quantities, units, categories, some ids, some on the list or ticked, notes and comments.
struct HouseholdLists {
    static let products = [
        "Apples", "Bananas", "Pears", "Lemons", "Cherry tomatoes", "Baby spinach", "Carrots", "Potatoes", "Onions",
        "Garlic", "Broccoli", "Cucumber", "Avocados", "Sourdough bread", "Rolls", "Croissants", "Rye bread", "Oat milk",
        "Milk", "Butter", "Greek yogurt", "Cheddar", "Mozzarella", "Eggs", "Cream", "Chicken thighs", "Salmon",
        "Minced beef", "Tofu", "Rice", "Pasta", "Lentils", "Chickpeas", "Olive oil", "Flour", "Sugar", "Coffee", "Tea",
        "Orange juice", "Sparkling water", "Beer", "Frozen peas", "Ice cream", "Fish fingers", "Dish soap",
        "Toilet paper", "Toothpaste", "Shampoo", "Laundry detergent", "Sponges", "Crackers", "Chocolate", "Honey",
        "Jam", "Peanut butter", "Cereal", "Muesli", "Tomato sauce", "Mustard", "Ketchup",
    ]
    static let categories = ["Produce", "Bakery", "Dairy", "Meat", "Pantry", "Drinks", "Frozen", "Household"]
    static let units = ["kg", "g", "l", "pcs", "pack", "bottle"]
    static let comments = [
        "# from the market", "# the big pack is cheaper", "# for the party", "# ask at the counter",
        "# only if on offer", "# the organic one", "# Sam likes these", "# check the date",
    ]
    static let notes = ["Barista edition.", "Not the sweetened one.", "Two of the small ones\nor one large.", "Ripe ones."]

    /// A list of `count` items.
    static func make(count: Int, random: inout SeededGenerator) -> HouseholdList {
        var list = HouseholdList(title: ["Weekly groceries", "Our list", "Flat shopping"].randomElement(using: &random)!)
        if Int.random(in: 0..<3, using: &random) == 0 {
            list.header = ["# Groceries for the flat.", "# Edit by hand or with shop."]
        }
        list.categories = Array(categories.prefix(Int.random(in: 3...categories.count, using: &random)))
        var names = NameSource()
        for _ in 0..<count {
            list.items.append(item(named: names.next(random: &random), categories: list.categories, random: &random))
        }
        return list
    }

    /// A new item with realistic values.
    static func item(named name: String, categories: [String], random: inout SeededGenerator) -> HouseholdList.Item {
        var item = HouseholdList.Item(name: name)
        if Int.random(in: 0..<10, using: &random) < 3 { item.id = "id-" + String(random.next() % 1_000_000_007, radix: 36) }
        if Int.random(in: 0..<10, using: &random) < 8 { item.values["price"] = price(random: &random) }
        if Int.random(in: 0..<10, using: &random) < 3 { item.values["quantity"] = quantity(random: &random) }
        if Int.random(in: 0..<10, using: &random) < 3 { item.values["unit"] = units.randomElement(using: &random)! }
        if !categories.isEmpty && Int.random(in: 0..<10, using: &random) < 8 {
            item.values["category"] = categories.randomElement(using: &random)!
        }
        if Int.random(in: 0..<10, using: &random) < 3 {
            item.values["buy"] = "true"
            if Int.random(in: 0..<3, using: &random) == 0 { item.values["done"] = "true" }
        }
        if Int.random(in: 0..<10, using: &random) == 0 { item.values["notes"] = notes.randomElement(using: &random)! }
        if Int.random(in: 0..<12, using: &random) == 0 { item.comment = comments.randomElement(using: &random)! }
        if Int.random(in: 0..<15, using: &random) == 0, item.values["price"] != nil {
            item.keyComments["price"] = comments.randomElement(using: &random)!
        }
        return item
    }

    static func price(random: inout SeededGenerator) -> String {
        let cents = Int.random(in: 19...2999, using: &random)
        let text = String(cents / 100) + "." + (cents % 100 < 10 ? "0" : "") + String(cents % 100)
        return text
    }

    static func quantity(random: inout SeededGenerator) -> String {
        ["2", "3", "4", "6", "0.5", "1.5", "12"].randomElement(using: &random)!
    }
}

/// Names that are each used once: products first, then products with a size or a number.
struct NameSource {
    private var used: Set<String> = []
    private static let sizes = ["small", "large", "organic", "family pack", "for guests"]

    mutating func reserve(_ names: [String]) {
        for name in names { used.insert(HouseholdList.key(name)) }
    }

    mutating func next(random: inout SeededGenerator) -> String {
        while true {
            var name = HouseholdLists.products.randomElement(using: &random)!
            switch Int.random(in: 0..<4, using: &random) {
            case 0: name += " " + Self.sizes.randomElement(using: &random)!
            case 1: name += " " + String(Int.random(in: 2...99, using: &random))
            default: break
            }
            if used.insert(HouseholdList.key(name)).inserted { return name }
        }
    }
}
