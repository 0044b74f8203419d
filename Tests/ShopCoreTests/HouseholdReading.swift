import ShopCore
import YAML

/// Reading merged texts back into the household model, and taking one side of their conflicts.
enum HouseholdReading {
    /// The text with each conflict replaced by its ours (or theirs) side.
    static func resolve(_ text: String, takingOurs: Bool, markerSize: Int = 7) -> String {
        var lines: [Substring] = []
        var state = 0  // 0 outside, 1 in ours' side, 2 in theirs'
        let open = String(repeating: "<", count: markerSize)
        let middle = String(repeating: "=", count: markerSize)
        let close = String(repeating: ">", count: markerSize)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(open) && (line.count == markerSize || line.dropFirst(markerSize).first == " ") {
                state = 1
            } else if state == 1 && line == middle {
                state = 2
            } else if state == 2 && line.hasPrefix(close) && (line.count == markerSize || line.dropFirst(markerSize).first == " ") {
                state = 0
            } else if state == 0 || (state == 1) == takingOurs {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A list text as the model, or nil when it is not one.
    static func read(_ text: String) -> (title: String, items: [HouseholdList.Item])? {
        guard case .success(let document) = ShoppingList.parseDocument(Array(text.utf8)) else { return nil }
        let list = ShoppingList(document: document)
        guard let itemsNode = list.itemsNode else { return nil }
        var items: [HouseholdList.Item] = []
        for node in document.node(itemsNode).items {
            var item = HouseholdList.Item(name: "")
            item.comment = node.trivia.leading.last?.text
            for entry in node.entries {
                guard let key = entry.key.value, var value = entry.value.value else { continue }
                if key == "notes", value.hasSuffix("\n") { value.removeLast() }
                switch key {
                case "name": item.name = value
                case "id": item.id = value
                default: item.values[key] = value
                }
                if let comment = entry.value.trivia.trailing?.text { item.keyComments[key] = comment }
            }
            items.append(item)
        }
        return (list.title ?? "", items)
    }
}
