import YAML

/// How serious a finding is.
public enum Severity: String, Hashable, Sendable, Comparable {
    /// The file is wrong: `check` fails, `export` refuses it.
    case error
    /// Probably a mistake; `check --strict` fails on it.
    case warning

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .error && rhs == .warning
    }
}

/// The checks, each with a stable identifier that appears in every report.
public enum Rule: String, Hashable, Sendable, CaseIterable {
    case syntax
    case mergeConflict = "merge-conflict"
    case structure
    case duplicateKey = "duplicate-key"
    case missingName = "missing-name"
    case duplicateName = "duplicate-name"
    case duplicateID = "duplicate-id"
    case badPrice = "bad-price"
    case badQuantity = "bad-quantity"
    case unknownCurrency = "unknown-currency"
    case duplicateCategory = "duplicate-category"
    case unknownKey = "unknown-key"
    case unknownCategory = "unknown-category"
    case doneNotBought = "done-not-bought"

    /// The severity findings of this rule have.
    public var severity: Severity {
        switch self {
        case .unknownKey, .unknownCategory, .doneNotBought: .warning
        default: .error
        }
    }

    /// One sentence on what the rule checks, for help texts and code-scanning reports.
    public var summary: String {
        switch self {
        case .syntax:
            "The file is not one well-formed YAML document in UTF-8 without anchors, aliases, tags or directives."
        case .mergeConflict:
            "The file has conflict markers that a text merge left: lines of seven or more <, |, = or >."
        case .structure:
            "The top level must be a mapping with an `items` list of mappings, and known keys must have values of the right kind."
        case .duplicateKey: "A key appears twice in the same mapping."
        case .missingName: "An item has no name, or an empty one."
        case .duplicateName:
            "Two items have the same name once case, Unicode compatibility forms and white space are ignored."
        case .duplicateID: "Two items have the same id."
        case .badPrice:
            "A price is negative, not a plain decimal with '.', has more decimals than the currency allows, or is 1,000,000,000 or more."
        case .badQuantity:
            "A quantity is zero, negative, not a plain decimal with '.', has more than 3 decimals, or is 1,000,000,000 or more."
        case .unknownCurrency: "The currency is not an ISO 4217 code with a minor unit."
        case .duplicateCategory: "A category is listed twice in `categories`."
        case .unknownKey: "A key that is neither known nor an extension starting with `x-`."
        case .unknownCategory: "An item's category is not listed in `categories`."
        case .doneNotBought: "An item is checked off (`done: true`) but not on the shopping list (`buy: true`)."
        }
    }
}

/// One finding of `check`: what is wrong, where, and how to fix it.
public struct Diagnostic: Error, Hashable, Sendable {
    /// The rule that found it.
    public var rule: Rule
    /// Error or warning (the rule's severity).
    public var severity: Severity
    /// Where: the value, key or item the rule points at.
    public var location: SourceLocation
    /// What is wrong and what to do about it.
    public var message: String

    /// Creates a finding with the rule's severity.
    public init(rule: Rule, location: SourceLocation, message: String) {
        self.rule = rule
        self.severity = rule.severity
        self.location = location
        self.message = message
    }
}
