import YAML

/// The list `shop init` writes: common items in a few categories, none on the list yet and no
/// prices, so that a new user starts by marking what to buy.
public enum StarterCatalog {
    /// Categories in the aisle order of a typical supermarket, with their items.
    public static let sections: [(category: String, items: [String])] = [
        ("Produce", ["Apples", "Bananas", "Lemons", "Tomatoes", "Cucumbers", "Carrots", "Onions", "Potatoes", "Lettuce"]),
        ("Bakery", ["Bread", "Rolls"]),
        ("Dairy", ["Milk", "Butter", "Eggs", "Cheese", "Yogurt"]),
        ("Meat & fish", ["Chicken", "Fish"]),
        ("Pantry", ["Rice", "Pasta", "Flour", "Sugar", "Olive oil", "Coffee", "Tea"]),
        ("Frozen", ["Frozen vegetables"]),
        ("Drinks", ["Water", "Orange juice"]),
        ("Household", ["Toilet paper", "Dish soap", "Laundry detergent"]),
    ]

    /// The canonical text of a new list. `title` and `currency` (already checked) are written when
    /// given; `empty` leaves out the starter items and categories.
    public static func text(title: String?, currency: Currency?, empty: Bool) -> [UInt8] {
        var lines = [
            "# Shopping list. Put items on the list with `shop buy NAME`,",
            "# print it with `shop export --format markdown`.",
        ]
        if title != nil { lines.append("title: placeholder") }
        if let currency { lines.append("currency: \(currency.code)") }
        if empty {
            lines.append("items: []")
        } else {
            lines.append("categories:")
            lines += sections.map { "  - \($0.category)" }
            lines.append("")
            lines.append("items:")
            for section in sections {
                for item in section.items {
                    lines.append("  - name: \(item)")
                    lines.append("    category: \(section.category)")
                }
            }
        }
        // The catalog's own texts are plain-safe; the title is set through the document so that it
        // is quoted when it needs to be.
        let skeleton = lines.joined(separator: "\n") + "\n"
        guard var document = try? Document(parsing: skeleton) else { return Array(skeleton.utf8) }
        if let title, let node = document.root?["title"] {
            document = document.settingScalar(node.id, to: title, style: .doubleQuoted)
        }
        return CanonicalForm.format(document)
    }
}
