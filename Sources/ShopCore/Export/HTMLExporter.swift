/// Writes a list as a printable page: one self-contained HTML5 file, with no script and nothing
/// fetched (its only style is in the page), that prints well and reads well on a phone.
///
/// A `h1` with the title; then the items grouped as the Markdown export groups them
/// (``CategorySections``), one `section` with a `h2` each (no headings when no item has a
/// category). One list entry per item: a tick box (ticked when done), the quantity and unit as
/// the Markdown export writes them (`6 pcs`, `×4`, `2 × 500 g`), the name, the line total when
/// the price is known, and the notes below in smaller type with their line breaks. Then the total
/// of the known line totals, with the currency code, and how many items have no price. Every text
/// is escaped by ``HTMLText``.
///
/// The page's style sheet (``HTMLStyle``) leaves the paper size to the printer and keeps each
/// item, and each heading with the first item of its section, together across page and column
/// breaks.
public enum HTMLExporter {
    /// Writes the export to `output`, in chunks.
    public static func write(
        _ list: ShoppingList, options: ExportOptions, to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        ExportWriter.write(to: output) { writer in
            let decimals = list.priceDecimals
            var totals = ListTotals(decimals: decimals)
            writeStart(title: list.displayTitle(fallback: options.fallbackTitle), language: language(of: list), to: &writer)
            let sections = CategorySections(list: list, scope: options.scope, store: options.store)
            if sections.sections.isEmpty { writer.append("<p class=\"empty\">Nothing on the list.</p>\n") }
            ExportWriter.writeSections(
                sections, of: list, totals: &totals, to: &writer,
                start: { writeSectionStart(heading: $0, to: &$1) },
                item: { entry, writer in
                    writer.append(entry.done ? "<li class=\"done\">" : "<li>")
                    appendItemContent(entry, decimals: decimals, to: &writer)
                    writer.append("</li>\n")
                },
                end: { $0.append("</ul>\n</section>\n") })
            writeSummary(totals, currency: list.currency, to: &writer)
            writer.append("</body>\n</html>\n")
        }
    }

    /// The language the page is in: the list's top-level `x-lang` when it is a language tag
    /// (letters, digits and hyphens in the shape of BCP 47: `de`, `en-GB`, `zh-Hant-TW`; a locale
    /// name's underscore, `de_DE`, is read as a hyphen), else `en`, the language of the page's own
    /// words (Total, Nothing on the list).
    public static func language(of list: ShoppingList) -> String {
        guard let value = list.document.root?["x-lang"], value.isScalar, let text = value.value else { return "en" }
        let tag = String(text.trimmingWhiteSpace().map { $0 == "_" ? "-" : $0 })
        return isLanguageTag(tag) ? tag : "en"
    }

    /// Whether `text` has the shape of a BCP 47 language tag: a primary subtag of 2 to 8 ASCII
    /// letters, then subtags of 1 to 8 ASCII letters or digits, joined by hyphens. Such a tag has
    /// nothing to escape in an attribute; it is escaped all the same.
    static func isLanguageTag(_ text: String) -> Bool {
        let subtags = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard let primary = subtags.first, (2...8).contains(primary.count),
            primary.allSatisfy(isASCIILetter)
        else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { isASCIILetter($0) || (0x30...0x39).contains($0) }
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// The page up to its first section: the head with the style sheet, the title. `language` is
    /// a language tag (``language(of:)``). The phone's page (``PhonePageExporter``) has its policy
    /// and its own style sheet in the head, the bar before the title, and the title's Markdown.
    static func writeStart(title: String, language: String, phone: Bool = false, to writer: inout ExportWriter) {
        writer.append("<!DOCTYPE html>\n<html lang=\"")
        appendEscaped(language, to: &writer)
        writer.append("\">\n<head>\n<meta charset=\"utf-8\">\n")
        if phone {
            writer.append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
            writer.append(string: PhonePageExporter.contentSecurityPolicy)
            writer.append("\">\n")
        }
        writer.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        // An empty icon, so that a browser showing the page from a server asks it for nothing.
        writer.append("<meta name=\"generator\" content=\"shop\">\n<link rel=\"icon\" href=\"data:,\">\n<title>")
        appendEscaped(title, to: &writer)
        writer.append("</title>\n<style>")
        writer.append(string: phone ? PhonePageExporter.styleSheet : "\n" + HTMLStyle.sheet.description)
        writer.append("</style>\n</head>\n<body>\n")
        if phone { writer.append(PhonePageExporter.bar) }
        appendElement("h1", title, markdown: phone, to: &writer)
        writer.append("\n<main>\n")
    }

    /// What comes before a section's items: the section, its heading when it has one (with its
    /// Markdown on the phone's page), the list.
    static func writeSectionStart(heading: String?, phone: Bool = false, to writer: inout ExportWriter) {
        writer.append("<section>\n")
        if let heading {
            appendElement("h2", heading, markdown: phone, to: &writer)
            writer.append("\n")
        }
        writer.append("<ul>\n")
    }

    /// `<NAME>TEXT</NAME>`, with the Markdown of the text in `data-md` when `markdown`.
    private static func appendElement(_ name: StaticString, _ text: String, markdown: Bool, to writer: inout ExportWriter) {
        writer.append("<")
        writer.append(name)
        if markdown {
            writer.append(" data-md=\"")
            PhonePageExporter.appendAttribute(MarkdownText.escaped(text), to: &writer)
            writer.append("\"")
        }
        writer.append(">")
        appendEscaped(text, to: &writer)
        writer.append("</")
        writer.append(name)
        writer.append(">")
    }

    /// The total, and the end of `main`.
    static func writeSummary(_ totals: ListTotals, currency: Currency?, to writer: inout ExportWriter) {
        // The total is the last line of the columns, so that it takes no page of its own.
        writer.append("<p class=\"summary\">Total: <strong>")
        writer.append(string: totals.formattedTotal(currency: currency))
        writer.append("</strong>")
        if let note = totals.unpricedNote {
            writer.append(string: " (\(note))")
        }
        writer.append("</p>\n</main>\n")
    }

    /// What an item's `<li>` holds: the box, the quantity, the name, the line total and the notes.
    static func appendItemContent(_ entry: ItemView, decimals: Int, to writer: inout ExportWriter) {
        writer.append(
            entry.done
                ? "<span class=\"box\" role=\"img\" aria-label=\"done\"></span>"
                : "<span class=\"box\" role=\"img\" aria-label=\"to get\"></span>")
        writer.append("<span class=\"quantity\">")
        let quantity = entry.effectiveQuantity
        let isOne = quantity == DecimalNumber(1)
        if let unit = entry.text(.unit) {
            let packSize = MarkdownExporter.startsWithNumber(unit)
            if !packSize || !isOne {
                writer.appendShortest(quantity)
                writer.append(packSize ? "\u{A0}×\u{A0}" : "\u{A0}")
            }
            HTMLText.append(unit, to: &writer)
        } else if !isOne, entry.text(.size) == nil {
            writer.append("×")
            writer.appendShortest(quantity)
        } else if !isOne {
            writer.appendShortest(quantity)
        }
        if let size = entry.text(.size) {
            // What one unit holds: `2 × 500 g`, `500 g` for one.
            if entry.text(.unit) != nil || !isOne { writer.append("\u{A0}×\u{A0}") }
            HTMLText.append(size, to: &writer)
        }
        writer.append("</span><span class=\"name\">")
        if let name = entry.text(.name) { HTMLText.append(name, to: &writer) }
        writer.append("</span><span class=\"total\">")
        if let price = entry.price {
            writer.append(ListTotals.lineTotal(price: price, quantity: quantity, decimals: decimals), decimals: decimals)
        }
        writer.append("</span>")
        // White space and blank lines at the ends of the notes show as nothing.
        if let notes = entry.text(.notes),
            let first = notes.firstIndex(where: { !isSpace($0) }), let last = notes.lastIndex(where: { !isSpace($0) })
        {
            writer.append("<span class=\"notes\">")
            HTMLText.append(UnsafeBufferPointer(rebasing: notes[first...last]), to: &writer)
            writer.append("</span>")
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func appendEscaped(_ text: String, to writer: inout ExportWriter) {
        var text = text
        text.withUTF8 { HTMLText.append($0, to: &writer) }
    }
}
