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

/// The stable identifier of a rule, as every report shows it.
public enum RuleID: String, Hashable, Sendable, CaseIterable {
    case syntax
    case mergeConflict = "merge-conflict"
    case unmerged
    case structure
    case duplicateKey = "duplicate-key"
    case missingName = "missing-name"
    case duplicateName = "duplicate-name"
    case duplicateID = "duplicate-id"
    case badPrice = "bad-price"
    case badQuantity = "bad-quantity"
    case badSize = "bad-size"
    case unknownCurrency = "unknown-currency"
    case duplicateCategory = "duplicate-category"
    case duplicateStore = "duplicate-store"
    case unknownKey = "unknown-key"
    case unknownCategory = "unknown-category"
    case categorySpelling = "category-spelling"
    case doneNotBought = "done-not-bought"
    case catalog
    case currencyMismatch = "currency-mismatch"
    case notInCatalog = "not-in-catalog"

    /// The severity of the rule's findings (the more serious one, for a rule whose findings
    /// carry their own). Kept here, with the identifier, so that a finding knows it without the
    /// rules that make findings.
    public var severity: Severity {
        switch self {
        case .syntax, .mergeConflict, .unmerged, .structure, .duplicateKey, .missingName, .duplicateName, .duplicateID,
            .badPrice, .badQuantity, .unknownCurrency, .duplicateCategory, .catalog, .currencyMismatch, .duplicateStore:
            .error
        case .badSize, .unknownKey, .unknownCategory, .categorySpelling, .doneNotBought, .notInCatalog:
            .warning
        }
    }
}
