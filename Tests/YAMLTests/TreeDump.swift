@testable import YAML

extension Document {
    /// A readable outline of the tree, one node per line with its kind, style, source range, value
    /// and comments. Tests compare it against golden files; people read it when debugging.
    func outline() -> String {
        var lines: [String] = []
        if let root {
            outline(root, depth: 0, role: "", into: &lines)
        }
        for comment in endComments {
            lines.append("end-of-file comment\(comment.hasBlankLineBefore ? " (after blank)" : ""): \(comment.text)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func outline(_ node: Node, depth: Int, role: String, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        let trivia = node.trivia
        for comment in trivia.leading {
            lines.append("\(indent)leading\(comment.hasBlankLineBefore ? " (after blank)" : ""): \(comment.text)")
        }
        var line = indent + role
        if node.hasBlankLineBefore { line += "(blank line) " }
        switch node.kind {
        case .scalar:
            line += "scalar \(node.scalarStyle.map { "\($0)" } ?? "") "
        case .sequence:
            line += "sequence \(node.collectionStyle == .flow ? "flow" : "block") "
        case .mapping:
            line += "mapping \(node.collectionStyle == .flow ? "flow" : "block") "
        }
        line += node.range.map { $0.description } ?? "(new)"
        if let value = node.value {
            line += " " + Self.quoted(value)
        }
        if let header = trivia.header { line += "  header: \(header.text)" }
        if let trailing = trivia.trailing { line += "  trailing: \(trailing.text)" }
        lines.append(line)
        switch node.kind {
        case .scalar:
            break
        case .sequence:
            for item in node.items {
                outline(item, depth: depth + 1, role: "- ", into: &lines)
            }
        case .mapping:
            for entry in node.entries {
                outline(entry.key, depth: depth + 1, role: "key: ", into: &lines)
                outline(entry.value, depth: depth + 2, role: "value: ", into: &lines)
            }
        }
        for comment in trivia.end {
            lines.append("\(indent)  end\(comment.hasBlankLineBefore ? " (after blank)" : ""): \(comment.text)")
        }
    }

    private static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) || scalar.value == 0x2028
                    || scalar.value == 0x2029 || scalar.value == 0xFEFF
                {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// How a collection was written.
enum CollectionStyle: Hashable, Sendable {
    /// One entry per line, structured by indentation.
    case block
    /// In brackets or braces: `[a, b]`, `{a: 1}`.
    case flow
}

extension Node {
    /// The style of a collection; nil for scalars.
    var collectionStyle: CollectionStyle? {
        isScalar ? nil : (table.style(index) == 1 ? .flow : .block)
    }

    /// The number of bytes in a scalar's value (0 for collections).
    var valueByteCount: Int {
        guard isScalar else { return 0 }
        return table.scalarValueRange(index).range.count
    }
}
