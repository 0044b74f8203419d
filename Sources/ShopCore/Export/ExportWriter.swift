/// The output buffer of an exporter: bytes are collected here and handed on in chunks, so that a
/// large export is streamed instead of being held in memory whole.
struct ExportWriter: ~Copyable {
    /// How many bytes are collected before they are handed on.
    static let chunkSize = 1 << 16

    private let storage: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var count = 0
    private let output: (UnsafeBufferPointer<UInt8>) -> Void

    init(output: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.output = output
        // Room for a whole record past the chunk size, so that most records need no check.
        capacity = Self.chunkSize * 2
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// Hands what `body` writes to `output`, in chunks.
    static func write(to output: (UnsafeBufferPointer<UInt8>) -> Void, _ body: (inout ExportWriter) -> Void) {
        withoutActuallyEscaping(output) { output in
            var writer = ExportWriter(output: output)
            body(&writer)
            writer.flush()
        }
    }

    /// What `body` writes, collected: for short texts.
    static func bytes(_ body: (inout ExportWriter) -> Void) -> [UInt8] {
        var bytes: [UInt8] = []
        write(to: { bytes.append(contentsOf: $0) }, body)
        return bytes
    }

    /// Writes the items of `list` in `sections`, the way the exports of sections (Markdown, HTML,
    /// the phone's page) share: `start` with a section's heading before its items, `item` for each
    /// item (whose line total is added to `totals`), `end` after them. Chunks end between items.
    static func writeSections(
        _ sections: CategorySections, of list: ShoppingList, totals: inout ListTotals, to writer: inout ExportWriter,
        start: (String?, inout ExportWriter) -> Void, item: (ItemView, inout ExportWriter) -> Void,
        end: (inout ExportWriter) -> Void = { _ in }
    ) {
        list.withItemViews { views in
            for section in sections.sections {
                start(section.heading, &writer)
                for position in section.items.positions {
                    let entry = views.view(Int(position))
                    totals.add(price: entry.price, quantity: entry.effectiveQuantity)
                    item(entry, &writer)
                    writer.flushIfFull()
                }
                end(&writer)
            }
        }
    }

    /// Hands the collected bytes on when there are enough of them; exporters call this between
    /// records so that chunks end on record boundaries.
    mutating func flushIfFull() {
        if count >= Self.chunkSize { flush() }
    }

    /// Hands every collected byte on.
    mutating func flush() {
        guard count > 0 else { return }
        output(UnsafeBufferPointer(start: storage, count: count))
        count = 0
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { flush() }
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity {
            flush()
            if bytes.count > capacity {
                output(bytes)
                return
            }
        }
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(string text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// A number written with exactly `decimals` digits after the point, rounded half to even.
    mutating func append(_ number: DecimalNumber, decimals: Int) {
        let value = number.scale == decimals ? number : number.rounded(toScale: decimals)
        if value.units < 0 { append(UInt8(ascii: "-")) }
        appendDigits(value.units.magnitude, decimals: decimals)
    }

    /// A number in its shortest exact form: `2`, `0.5`, `1.25`.
    mutating func appendShortest(_ number: DecimalNumber) {
        let shortest = number.normalized
        append(shortest, decimals: shortest.scale)
    }

    /// The digits of `units`, with a point before the last `decimals` of them (and at least one
    /// digit before the point).
    private mutating func appendDigits(_ units: UInt128, decimals: Int) {
        // Every price and almost every total fits 64 bits, where division is much faster.
        if units <= UInt128(UInt64.max) {
            appendDigits(of: UInt64(units), decimals: decimals)
        } else {
            appendDigits(of: units, decimals: decimals)
        }
    }

    /// Writes the digits straight into the buffer, from the right.
    private mutating func appendDigits<Units: UnsignedInteger>(of units: Units, decimals: Int) {
        var digitCount = 1
        var probe = units / 10
        while probe > 0 {
            digitCount += 1
            probe /= 10
        }
        digitCount = max(digitCount, decimals + 1)
        let length = digitCount + (decimals > 0 ? 1 : 0)
        if count + length > capacity { flush() }
        var position = count + length
        var rest = units
        for written in 0..<digitCount {
            if written == decimals && decimals > 0 {
                position -= 1
                storage[position] = UInt8(ascii: ".")
            }
            position -= 1
            storage[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += length
    }
}
