/// A unified diff between two texts, line by line, with three lines of context, in the form
/// `git apply` and `patch -p1` read.
enum UnifiedDiff {
    static func make(old: [UInt8], new: [UInt8], path: String) -> String {
        let oldLines = lines(old)
        let newLines = lines(new)
        let script = editScript(oldLines, newLines)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        let context = 3
        // Line numbers before each edit.
        var oldBefore: [Int] = []
        var newBefore: [Int] = []
        var oldLine = 0
        var newLine = 0
        for edit in script {
            oldBefore.append(oldLine)
            newBefore.append(newLine)
            if edit.kind != .insert { oldLine += 1 }
            if edit.kind != .delete { newLine += 1 }
        }
        let changes = script.indices.filter { script[$0].kind != .same }
        var groupStart = 0
        while groupStart < changes.count {
            var groupEnd = groupStart
            while groupEnd + 1 < changes.count && changes[groupEnd + 1] - changes[groupEnd] <= context * 2 + 1 {
                groupEnd += 1
            }
            let first = max(0, changes[groupStart] - context)
            let last = min(script.count - 1, changes[groupEnd] + context)
            let hunk = script[first...last]
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output += "@@ -\(range(oldBefore[first], oldCount)) +\(range(newBefore[first], newCount)) @@\n"
            for edit in hunk {
                let line: Line
                switch edit.kind {
                case .same:
                    line = oldLines[edit.oldIndex]
                    output += " " + line.text
                case .delete:
                    line = oldLines[edit.oldIndex]
                    output += "-" + line.text
                case .insert:
                    line = newLines[edit.newIndex]
                    output += "+" + line.text
                }
                output += "\n"
                if !line.hasNewline { output += "\\ No newline at end of file\n" }
            }
            groupStart = groupEnd + 1
        }
        return output
    }

    struct Line: Equatable {
        var text: String
        var hasNewline: Bool
    }

    static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(Line(text: String(decoding: bytes[start..<index], as: UTF8.self), hasNewline: true))
            start = index + 1
        }
        if start < bytes.count {
            result.append(Line(text: String(decoding: bytes[start...], as: UTF8.self), hasNewline: false))
        }
        return result
    }

    static func range(_ start: Int, _ count: Int) -> String {
        let first = count == 0 ? start : start + 1
        return count == 1 ? "\(first)" : "\(first),\(count)"
    }

    enum Kind { case same, delete, insert }

    struct Edit {
        var kind: Kind
        /// For `insert`, the old position the line goes before.
        var oldIndex: Int
        /// For `delete`, the new position the line would have been at.
        var newIndex: Int
    }

    /// The shortest edit script (Myers' algorithm), after the common head and tail are set aside.
    static func editScript(_ old: [Line], _ new: [Line]) -> [Edit] {
        var head = 0
        while head < old.count && head < new.count && old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head && tail < new.count - head && old[old.count - 1 - tail] == new[new.count - 1 - tail] {
            tail += 1
        }
        let a = Array(old[head..<(old.count - tail)])
        let b = Array(new[head..<(new.count - tail)])
        var middle = myers(a, b)
        for index in middle.indices {
            middle[index].oldIndex += head
            middle[index].newIndex += head
        }
        var result = (0..<head).map { Edit(kind: .same, oldIndex: $0, newIndex: $0) }
        result += middle
        result += (0..<tail).map {
            Edit(kind: .same, oldIndex: old.count - tail + $0, newIndex: new.count - tail + $0)
        }
        return result
    }

    static func myers(_ a: [Line], _ b: [Line]) -> [Edit] {
        let n = a.count
        let m = b.count
        if n == 0 { return (0..<m).map { Edit(kind: .insert, oldIndex: 0, newIndex: $0) } }
        if m == 0 { return (0..<n).map { Edit(kind: .delete, oldIndex: $0, newIndex: 0) } }
        let maxD = n + m
        var v = [Int](repeating: 0, count: 2 * maxD + 2)
        var trace: [[Int]] = []
        outer: for d in 0...maxD {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[k - 1 + maxD] < v[k + 1 + maxD]) {
                    x = v[k + 1 + maxD]
                } else {
                    x = v[k - 1 + maxD] + 1
                }
                var y = x - k
                while x < n && y < m && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[k + maxD] = x
                if x >= n && y >= m { break outer }
            }
        }
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && v[k - 1 + maxD] < v[k + 1 + maxD]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = v[previousK + maxD]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                edits.append(Edit(kind: .same, oldIndex: x, newIndex: y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    edits.append(Edit(kind: .insert, oldIndex: x, newIndex: y))
                } else {
                    x -= 1
                    edits.append(Edit(kind: .delete, oldIndex: x, newIndex: y))
                }
            }
        }
        return edits.reversed()
    }
}
