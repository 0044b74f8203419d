/// Writes a list as a page to take to the store on a phone: one self-contained HTML5 file that is
/// ticked offline and sends its state back as the Markdown checklist `shop import` reads.
///
/// The page is the HTML export's (``HTMLExporter``), with the same rows and the same print style
/// sheet, so that it shows the list with scripts off and prints as that page does. To it come:
///
/// - a Content-Security-Policy that lets nothing be fetched or sent (`default-src 'none'`) and
///   names the one inline script and the one style sheet by their SHA-256;
/// - on each row, what the page needs to send it back: `data-md`, the row's checklist line after
///   its box, as the Markdown export writes it (so that the import of an unchanged page changes
///   nothing); `data-units`, the line total as a whole number of the currency's minor units (the
///   page adds those exactly, never as binary fractions); `data-off` on an item that is not on the
///   shopping list (in an export of every item);
/// - `data-md` on the title, and on each heading, as the Markdown export writes them;
/// - a bar with the count ticked and the total still to get, an "Added in the store" section, a
///   field that adds an item, and "Send back", all hidden until the script shows them;
/// - the script (``PhonePageScript``), with the key of the page's local storage (the title and
///   the SHA-256 of the page's bytes before the script, so that any change of the list or of shop
///   starts clean), the money's decimals and currency, and the heading that items added in the
///   store come back under: the one the Markdown export gives the items without a category.
public enum PhonePageExporter {
    /// Writes the export to `output`, in chunks.
    public static func write(
        _ list: ShoppingList, options: ExportOptions, to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withoutActuallyEscaping(output) { output in
            let digest = PageDigest(output: output)
            ExportWriter.write(to: digest.write) { writer in
                var scratch: [UInt8] = []
                let decimals = list.priceDecimals
                var totals = ListTotals(decimals: decimals)
                let title = list.displayTitle(fallback: options.fallbackTitle)
                HTMLExporter.writeStart(title: title, language: HTMLExporter.language(of: list), phone: true, to: &writer)
                let sections = CategorySections(list: list, scope: options.scope, store: options.store)
                if sections.sections.isEmpty { writer.append("<p class=\"empty\">Nothing on the list.</p>\n") }
                ExportWriter.writeSections(
                    sections, of: list, totals: &totals, to: &writer,
                    start: { HTMLExporter.writeSectionStart(heading: $0, phone: true, to: &$1) },
                    item: { appendItem($0, decimals: decimals, to: &$1, scratch: &scratch) },
                    end: { $0.append("</ul>\n</section>\n") })
                let categories = sections.sections.filter { !$0.isUncategorized }.compactMap(\.heading)
                writeEnd(totals, currency: list.currency, title: title, categories: categories, digest: digest, to: &writer)
            }
        }
    }

    /// The bar at the top of the page, and the note under it, hidden until the script shows them.
    static let bar: StaticString = """
        <header class="bar" hidden><p><strong class="count"></strong> <span class="to-get"></span></p>\
        <a class="to-add" href="#add">Add</a></header>
        <p class="note" role="status" hidden></p>

        """

    /// A row: `<li>` with its checklist line, its line total in minor units and whether it is on
    /// the list, holding what the HTML export's row holds.
    static func appendItem(_ entry: ItemView, decimals: Int, to writer: inout ExportWriter, scratch: inout [UInt8]) {
        writer.append(entry.done ? "<li class=\"done\" data-md=\"" : "<li data-md=\"")
        let line = ExportWriter.bytes { MarkdownExporter.appendItemText(entry, decimals: decimals, to: &$0, scratch: &scratch) }
        line.withUnsafeBufferPointer { appendAttribute($0, to: &writer) }
        writer.append("\"")
        if let price = entry.price {
            writer.append(" data-units=\"")
            let total = ListTotals.lineTotal(price: price, quantity: entry.effectiveQuantity, decimals: decimals)
            writer.append(string: String(total.units))
            writer.append("\"")
        }
        if !entry.buy { writer.append(" data-off") }
        writer.append(">")
        HTMLExporter.appendItemContent(entry, decimals: decimals, to: &writer)
        writer.append("</li>\n")
    }

    /// The items added in the store, the total, the field, "Send back", and the script with what
    /// it needs to know. `categories` are the headings of the sections of categories.
    static func writeEnd(
        _ totals: ListTotals, currency: Currency?, title: String, categories: [String], digest: PageDigest,
        to writer: inout ExportWriter
    ) {
        writer.append("<section class=\"added\" hidden>\n<h2>Added in the store</h2>\n<ul></ul>\n</section>\n")
        HTMLExporter.writeSummary(totals, currency: currency, to: &writer)
        writer.append(
            """
            <form class="add" hidden>
            <label for="add">Not on the list?</label>
            <div><input id="add" type="text" autocomplete="off" enterkeyhint="done" placeholder="2 kg potatoes">\
            <button type="submit">Add</button></div>
            <p class="hint" role="status"></p>
            </form>
            <section class="send" hidden>
            <button type="button" class="send-back">Send back</button>
            <p class="sent" role="status"></p>
            <textarea readonly rows="10" aria-label="The checklist to import with shop import" hidden></textarea>
            </section>

            """)
        // The key covers every byte before the script: the list, its state and this version of
        // the page.
        writer.flush()
        writer.append("<script data-key=\"")
        appendAttribute("shop:" + digest.finish() + ":" + title, to: &writer)
        writer.append("\" data-decimals=\"")
        writer.append(string: String(totals.decimals))
        writer.append("\" data-currency=\"")
        writer.append(string: currency?.code ?? "")
        writer.append("\" data-other=\"")
        let keys = categories.map(NameKey.init)
        appendAttribute(MarkdownText.escaped(CategorySections.uncategorizedHeading(after: keys)), to: &writer)
        writer.append("\">")
        writer.append(string: PhonePageScript.element)
        writer.append("</script>\n</body>\n</html>\n")
    }

    /// An attribute's value: the five characters that could end it or start markup escaped as
    /// references, and every other character as it is, controls included, so that the browser
    /// reads back exactly the text (no carriage return or NUL reaches it: the Markdown escaping
    /// writes those as references).
    static func appendAttribute(_ text: UnsafeBufferPointer<UInt8>, to writer: inout ExportWriter) {
        var start = 0
        for (index, byte) in text.enumerated() {
            guard let reference = HTMLText.reference(for: byte) else { continue }
            writer.append(UnsafeBufferPointer(rebasing: text[start..<index]))
            writer.append(reference)
            start = index + 1
        }
        writer.append(UnsafeBufferPointer(rebasing: text[start...]))
    }

    static func appendAttribute(_ text: String, to writer: inout ExportWriter) {
        var text = text
        text.withUTF8 { appendAttribute($0, to: &writer) }
    }

    /// The page's one style sheet, as the `<style>` element holds it: the HTML export's, then the
    /// phone's (``PhonePageStyle``).
    static let styleSheet = "\n" + HTMLStyle.sheet.description + PhonePageStyle.sheet.description

    /// The page's policy: nothing loaded but the page, no connection, no form sent anywhere; the
    /// script and the style sheet named by their hashes; only the empty icon as an image.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src '\(hashSource(PhonePageScript.element))'; "
        + "style-src '\(hashSource(styleSheet))'; img-src data:; connect-src 'none'; base-uri 'none'; "
        + "form-action 'none'"

    /// A CSP hash source: `sha256-` and the base64 of the SHA-256 of the text's UTF-8.
    static func hashSource(_ text: String) -> String {
        "sha256-" + base64(SHA256.digest(Array(text.utf8)))
    }

    /// `bytes` in base64 (RFC 4648), with padding.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var encoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = 0
            for offset in 0..<3 { group = group << 8 | Int(offset < count ? bytes[index + offset] : 0) }
            for position in 0..<4 {
                encoded.append(position <= count ? alphabet[(group >> (18 - 6 * position)) & 0x3F] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Hands the page on as it is written, and hashes it up to where ``finish()`` is asked.
    final class PageDigest {
        private let output: (UnsafeBufferPointer<UInt8>) -> Void
        private var hash: SHA256? = SHA256()

        init(output: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
            self.output = output
        }

        /// Hashes `bytes` (until the digest is taken) and hands them on.
        func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            hash?.update(UnsafeRawBufferPointer(bytes))
            output(bytes)
        }

        /// The SHA-256 of what was written so far, in lower-case hexadecimal; what is written
        /// after it is not hashed.
        func finish() -> String {
            guard var hash else { return "" }
            self.hash = nil
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: hash.finish().flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
        }
    }
}
