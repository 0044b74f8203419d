import YAML

/// Reads the versions that diff and merge compare, and says why one cannot be read as a list
/// (then they compare or merge the texts line by line).
public enum VersionReading {
    /// Why a text is not a list that can be compared or merged item by item.
    public struct Unreadable: Error, Sendable, Equatable {
        /// What is wrong, with a line number where there is one: `line 3: ... [syntax]`.
        public var reason: String
    }

    /// The rules whose findings make items impossible to tell apart or to merge safely.
    static let mergeRules: Set<RuleID> = [.structure, .duplicateKey, .missingName, .duplicateName, .duplicateID]

    /// A version for diff: one YAML document whose top level is a mapping with an `items` list,
    /// no key written twice in a mapping. An empty text (or one with only comments) is an empty
    /// list, as a file that does not exist yet is.
    /// `mergesWithShop` says, when asked (a text with conflict markers), whether git already merges
    /// the file with shop: then the reason does not advise `shop git setup`.
    public static func list(_ bytes: [UInt8], mergesWithShop: () -> Bool = { false }) -> Result<ShoppingList, Unreadable> {
        let list: ShoppingList
        // Read with its items decoded while the document is built.
        switch ShoppingList.read(bytes) {
        case .failure(let failure):
            return .failure(Unreadable(reason: describe(failure.withoutGitSetupAdvice(if: mergesWithShop).diagnostics)))
        case .success(let read):
            list = read
        }
        guard let root = list.document.root else { return .success(list) }
        guard root.isMapping else {
            return .failure(Unreadable(reason: "its top level is not a mapping with an \"items\" list"))
        }
        guard list.itemsNode != nil else {
            return .failure(Unreadable(reason: "it has no \"items\" list"))
        }
        // A key written twice holds two values, and readers disagree on which counts: compared
        // by key, one would not show. Line by line, both do.
        let repeated = list.firstFinding([.duplicateKey])
        if let first = repeated.first {
            return .failure(Unreadable(reason: describe(first, count: repeated.count, in: list.document.source)))
        }
        return .success(list)
    }

    /// A version for merge: a list (as for ``list(_:)``) whose items can be told apart: no
    /// structure errors, repeated keys, missing, repeated names or repeated ids. With
    /// `emptyIsEmptyList`, an empty text is an empty list (git gives an empty base when two
    /// branches added the file each on its own); otherwise it is no list.
    public static func mergeableList(_ bytes: [UInt8], emptyIsEmptyList: Bool) -> Result<ShoppingList, Unreadable> {
        let list: ShoppingList
        switch self.list(bytes) {
        case .failure(let failure): return .failure(failure)
        case .success(let read): list = read
        }
        if list.document.root == nil {
            return emptyIsEmptyList ? .success(list) : .failure(Unreadable(reason: "it is empty"))
        }
        // Keys written twice were refused by `list`.
        // Only the first finding is said: the others are counted, not kept (a version with a
        // finding on each of 100,000 items is refused in the memory of one).
        let findings = list.firstFinding(mergeRules.subtracting([.duplicateKey]))
        if let first = findings.first {
            return .failure(Unreadable(reason: describe(first, count: findings.count, in: list.document.source)))
        }
        return .success(list)
    }

    /// The first of `count` findings as ``describe(_:)`` says it, the others only counted.
    static func describe(_ first: Finding, count: Int, in source: SourceText) -> String {
        var text = describe([first.resolved(in: source)])
        if count > 1 { text += " (and \(count - 1) more)" }
        return text
    }

    /// The first diagnostic as `line N: MESSAGE [RULE]`, with how many more there are.
    static func describe(_ diagnostics: [Diagnostic]) -> String {
        guard let first = diagnostics.first else { return "it cannot be read" }
        var text = "line \(first.location.line): \(first.message) [\(first.rule.rawValue)]"
        if diagnostics.count > 1 { text += " (and \(diagnostics.count - 1) more)" }
        return text
    }
}
