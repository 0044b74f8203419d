/// How a scalar was written.
public enum ScalarStyle: Hashable, Sendable, CaseIterable {
    /// Without quotes: `Apples`.
    case plain
    /// In single quotes: `'Apples'`.
    case singleQuoted
    /// In double quotes, with escapes: `"Apples\n"`.
    case doubleQuoted
    /// A literal block scalar: `|`.
    case literal
    /// A folded block scalar: `>`.
    case folded

    var code: UInt8 {
        switch self {
        case .plain: 0
        case .singleQuoted: 1
        case .doubleQuoted: 2
        case .literal: 3
        case .folded: 4
        }
    }

    @usableFromInline
    init(code: UInt8) {
        switch code {
        case 1: self = .singleQuoted
        case 2: self = .doubleQuoted
        case 3: self = .literal
        case 4: self = .folded
        default: self = .plain
        }
    }
}
