import JSON

/// Reads `shop import --format json` input: what `shop export --format json` writes, an object
/// with an `items` array (and `currency`, whose prices they are), or an array of items alone.
///
/// Each item is an object read the way a CSV row is (see ``CSVImportReader``): its keys are the
/// CSV columns, matched in any case (`qty` is `quantity`), `name` required; other keys (`total`)
/// are ignored. Texts are strings (a number is taken as its text); a quantity or price is a
/// number or a decimal string; `buy` and `done` are `true` or `false` (or a string a shop file
/// accepts); `null` is no value. A value of the wrong kind is a problem on the item's line.
public enum JSONImportReader {
    /// Whether the text is one JSON value, whatever its shape: what the format guess asks, so
    /// that JSON which is not a list of items is refused as such, not read as lines.
    static func isJSON(_ text: ImportText) -> Bool {
        var source = text.text
        return source.withUTF8 { bytes in
            (try? JSONReader.read(bytes, limits: JSONReader.Limits(maximumBytes: Int.max, maximumDepth: 64))) != nil
        }
    }

    /// Reads checked text; throws when it is not JSON, or not a list of items.
    public static func read(_ text: ImportText) throws(ImportProblem) -> ImportEntries {
        var source = text.text
        let result = source.withUTF8 { bytes -> Result<(JSONValue, JSONValueLines), ImportProblem> in
            do throws(JSONError) {
                let value = try JSONReader.read(bytes, limits: JSONReader.Limits(maximumBytes: Int.max, maximumDepth: 64))
                return .success((value, JSONValueLines(bytes)))
            } catch {
                return .failure(ImportProblem(line: error.line, message: "the text is not JSON: \(error.message)"))
            }
        }
        let (value, lines) = try result.get()
        let items: [JSONValue]
        var itemLines: [Int]
        var currency: String?
        var currencyLine = 1
        switch value {
        case .array(let elements):
            items = elements
            itemLines = lines.children
        case .object(let object):
            guard let position = object.position(of: "items"), let elements = object[position].value.arrayValue else {
                throw ImportProblem(
                    line: 1,
                    message: "the JSON object has no \"items\" array; shop reads what 'shop export --format json' writes")
            }
            items = elements
            itemLines = lines.grandchildren[position]
            if let code = object.position(of: "currency") {
                switch object[code].value {
                case .string(let text): currency = text
                case .null: break
                default:
                    throw ImportProblem(line: lines.children[code], message: "\"currency\" is not a currency code")
                }
                currencyLine = lines.children[code]
            }
        default:
            throw ImportProblem(
                line: 1, message: "the JSON text is \(value.kindDescription), not an object with an \"items\" array")
        }
        // Lines are found for every element; a mismatch would be a fault of the line finder, and
        // then the first line is better than none.
        if itemLines.count != items.count { itemLines = Array(repeating: 1, count: items.count) }
        var reader = ItemReader()
        for (item, line) in zip(items, itemLines) { reader.read(item, line: line) }
        return ImportEntries(entries: reader.entries, problems: reader.problems, currency: currency, currencyLine: currencyLine)
    }

    /// Reads items into entries and problems.
    private struct ItemReader {
        var entries: [ImportEntry] = []
        var problems: [ImportProblem] = []

        mutating func read(_ value: JSONValue, line: Int) {
            guard case .object(let object) = value else {
                problems.append(ImportProblem(line: line, message: "the item is \(value.kindDescription), not an object"))
                return
            }
            var values: [CSVColumn: JSONValue] = [:]
            for member in object {
                guard let column = CSVColumn(header: member.key) else { continue }
                if values[column] != nil {
                    problems.append(ImportProblem(line: line, message: "the item gives \(column.title) twice"))
                    return
                }
                values[column] = member.value
            }
            let before = problems.count
            func problem(_ message: String) { problems.append(ImportProblem(line: line, message: message)) }
            func text(_ column: CSVColumn) -> String? {
                switch values[column] {
                case nil, .null?: return nil
                case .string(let text)?: return text.allSatisfy({ $0 == " " || $0 == "\t" }) ? nil : text
                case .number(let number)?: return number.text
                case let other?:
                    problem("\(column.title) is \(other.kindDescription), not text")
                    return nil
                }
            }
            func number(_ column: CSVColumn, _ read: (String) -> Result<DecimalNumber, ValueProblem>) -> DecimalNumber? {
                let written: String
                var isNumber = false
                switch values[column] {
                case nil, .null?: return nil
                case .string(let text)?: written = String(text.strippedOfWhiteSpace)
                case .number(let number)?:
                    written = number.text
                    isNumber = true
                case let other?:
                    problem("\(column.title) is \(other.kindDescription), not a number")
                    return nil
                }
                if written.isEmpty { return nil }
                switch read(written) {
                // A JSON number's point is a decimal point, whatever the list's language: 1.500 is
                // 1.5, and only a string such as "1.500" could mean 1500.
                case .success(let value): return isNumber ? value.normalized : value
                case .failure(let failure):
                    problem(failure.message)
                    return nil
                }
            }
            func flag(_ column: CSVColumn) -> Bool? {
                switch values[column] {
                case nil, .null?: return nil
                case .bool(let flag)?: return flag
                case .string(let text)?:
                    if let flag = ValueReading.bool(String(text.strippedOfWhiteSpace)) { return flag }
                    problem("\(column.title) \"\(text)\" is not true or false")
                    return nil
                case let other?:
                    problem("\(column.title) is \(other.kindDescription), not true or false")
                    return nil
                }
            }
            guard case .string(let name)? = values[.key(.name)], !NameKey(name).isEmpty else {
                switch values[.key(.name)] {
                case nil, .null?: problem("the item has no name")
                case .string?: problem("the name is empty")
                case let other?: problem("the name is \(other.kindDescription), not text")
                }
                return
            }
            var fields: ItemFields = [.name: name]
            // In the export's order, the flags last: the order of the problems an item has.
            let keys = ItemKey.exportColumns.filter { $0 != .name }
            for key in keys.filter({ $0.kind != .flag }) + keys.filter({ $0.kind == .flag }) {
                switch key.kind {
                case .text: fields[key] = key == .size ? text(.key(key)).map { $0.trimmingWhiteSpace() } : text(.key(key))
                case .quantity: fields[decimal: key] = number(.key(key)) { ValueReading.quantity($0) }
                case .price:
                    fields[decimal: key] = number(.key(key)) {
                        ValueReading.price($0, decimals: DecimalNumber.maximumScale, currencyCode: nil)
                    }
                case .flag: fields[flag: key] = flag(.key(key))
                }
            }
            if problems.count == before { entries.append(ImportEntry(line: line, fields: fields)) }
        }
    }
}
