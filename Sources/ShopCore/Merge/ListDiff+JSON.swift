import JSON

/// `shop diff --format json`: the changes for scripts.
///
///     {"list": [{"key": "title", "change": "value", "old": "Weekly", "new": "Party", "comments": false}],
///      "items": [{"change": "changed", "item": "Apples", "renamedFrom": null,
///                 "keys": [{"key": "price", "old": "3.49", "new": "3.29"}], "comments": false, "movedAfter": null}],
///      "summary": {"added": 0, "removed": 0, "changed": 2, "moved": 0}}
///
/// Values are strings (prices and quantities as canonical decimal strings), null for a key that
/// is absent, arrays and objects for collections. `movedAfter` is the name of the item a moved
/// item now follows, `""` when it moved to the top, null when it did not move; `key` is null for
/// the file's own comments.
extension ListDiff {
    /// The changes as a JSON value.
    public func json() -> JSONValue {
        .object([
            "list": .array(listChanges.map(Self.json)),
            "items": .array(itemChanges.map(Self.json)),
            "summary": .object([
                "added": .int(counts.added), "removed": .int(counts.removed), "changed": .int(counts.changed),
                "moved": .int(counts.moved),
            ]),
        ])
    }

    /// The JSON text, with a final line feed.
    public func jsonText() -> String {
        JSONWriter.string(json()) + "\n"
    }

    static func json(_ change: ListChange) -> JSONValue {
        var object = JSONObject()
        object["key"] = change.key.map(JSONValue.string) ?? .null
        switch change.kind {
        case .comments:
            object["change"] = "comments"
        case .value(let old, let new):
            object["change"] = "value"
            object["old"] = old.json
            object["new"] = new.json
        case .categories(let added, let removed, let respelled, let reordered):
            object["change"] = "categories"
            object["added"] = .array(added.map(JSONValue.string))
            object["removed"] = .array(removed.map(JSONValue.string))
            object["respelled"] = .array(respelled.map { .object(["old": .string($0.old), "new": .string($0.new)]) })
            object["reordered"] = .bool(reordered)
        }
        object["comments"] = .bool(change.commentsChanged)
        return .object(object)
    }

    static func json(_ change: ItemChange) -> JSONValue {
        var object: JSONObject = ["change": .string(change.kind.rawValue), "item": .string(change.name)]
        switch change.kind {
        case .added:
            object["values"] = .object(JSONObject(change.keys.map { JSONMember($0.key, $0.new.json) }))
        case .removed:
            break
        case .changed, .moved:
            object["renamedFrom"] = change.renamedFrom.map(JSONValue.string) ?? .null
            object["keys"] = .array(
                change.keys.map { .object(["key": .string($0.key), "old": $0.old.json, "new": $0.new.json]) })
            object["comments"] = .bool(change.commentsChanged)
            switch change.movedTo {
            case .top: object["movedAfter"] = ""
            case .after(let name): object["movedAfter"] = .string(name)
            case nil: object["movedAfter"] = .null
            }
        }
        return .object(object)
    }
}
