import Foundation

/// Whether golden files are rewritten from the actual output instead of compared with it. Every
/// rewritten golden must be reviewed by hand before it is committed.
public let updatingGoldens = ProcessInfo.processInfo.environment["SHOP_UPDATE_GOLDENS"] == "1"

/// The bytes of a file.
public func readBytes(_ url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
}

/// The names (without `.yaml`) of the inputs in a fixture folder, sorted; `NAME.expected.yaml` files
/// are expected outputs, not inputs.
public func yamlFixtureNames(in directory: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".expected.yaml") }
        .map { String($0.dropLast(".yaml".count)) }
        .sorted()
}

/// Compares `actual` with a golden file, or rewrites the golden when `SHOP_UPDATE_GOLDENS=1`.
/// Returns what is wrong, or nil when the golden matches (or was rewritten).
public func goldenProblem(_ actual: [UInt8], _ golden: URL) -> String? {
    if updatingGoldens {
        return FileManager.default.createFile(atPath: golden.path, contents: Data(actual))
            ? nil : "cannot write \(golden.path)"
    }
    guard let expected = FileManager.default.contents(atPath: golden.path) else {
        return "missing golden \(golden.lastPathComponent); run with SHOP_UPDATE_GOLDENS=1 and review it"
    }
    if [UInt8](expected) != actual {
        return "\(golden.lastPathComponent) differs:\n\(lineDiff(expected: [UInt8](expected), actual: actual))"
    }
    return nil
}

/// The first differing lines of two texts (at most five), for failure messages.
public func lineDiff(expected: [UInt8], actual: [UInt8]) -> String {
    let left = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let right = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = []
    for index in 0..<max(left.count, right.count) {
        let expectedLine = index < left.count ? String(left[index]) : "<none>"
        let actualLine = index < right.count ? String(right[index]) : "<none>"
        if expectedLine != actualLine {
            lines.append(
                "line \(index + 1):\n  expected: \(expectedLine.debugDescription)\n  actual:   \(actualLine.debugDescription)")
            if lines.count == 5 { break }
        }
    }
    return lines.joined(separator: "\n")
}
