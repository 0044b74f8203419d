/// The lines on which the values of a JSON text begin, one and two levels down: for an object,
/// each member's value and the elements (or member values) inside it; for an array, each element
/// and what is inside it. JSON values carry no positions, and a problem with an imported item is
/// reported on its line.
///
/// Run on text that ``JSON/JSONReader`` has read, so that its structure is known to be sound; one
/// pass over the bytes.
struct JSONValueLines {
    /// The line of each value one level down, in order.
    var children: [Int] = []
    /// For each of those, the lines of the values inside it (empty for a scalar).
    var grandchildren: [[Int]] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Whether each open container is an object.
        var open: [Bool] = []
        var expectingValue = true
        var inString = false
        var escaped = false
        var line = 1
        for byte in bytes {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: ":"):
                expectingValue = true
            case UInt8(ascii: ","):
                expectingValue = open.last == false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                open.removeLast()
                expectingValue = false
            default:
                if expectingValue { record(line, depth: open.count) }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                    expectingValue = false
                case UInt8(ascii: "{"):
                    open.append(true)
                    expectingValue = false
                case UInt8(ascii: "["):
                    open.append(false)
                    expectingValue = true
                default:
                    // The rest of a number, `true`, `false` or `null`.
                    expectingValue = false
                }
            }
        }
    }

    private mutating func record(_ line: Int, depth: Int) {
        if depth == 1 {
            children.append(line)
            grandchildren.append([])
        } else if depth == 2, !grandchildren.isEmpty {
            grandchildren[grandchildren.count - 1].append(line)
        }
    }
}
