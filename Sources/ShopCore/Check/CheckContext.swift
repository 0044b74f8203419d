import YAML

/// What a rule sees while it checks a list: the list, its nodes, and where to put its findings.
struct CheckContext {
    let list: ShoppingList
    let nodes: RawNodes
    /// The rule that is checking.
    let rule: RuleID
    /// What the rule has reported, in the order it did (with ``keepsFirstOnly``, only the first
    /// in order).
    private(set) var reported: [(order: Order, finding: Finding)] = []
    /// How many findings the rule has reported.
    private(set) var count = 0
    /// Whether only the first finding in order is kept, the others counted: enough to say why a
    /// text is refused, in memory that does not grow with the findings.
    var keepsFirstOnly = false

    /// What orders findings: position first; at one position (a collection starts where its first
    /// key does), the finding on the inner node first; then the order of the rules in the registry
    /// and in which each made them.
    struct Order: Comparable {
        var offset: Int
        var innerFirst: Int
        var sequence: Int

        static func < (lhs: Order, rhs: Order) -> Bool {
            (lhs.offset, lhs.innerFirst, lhs.sequence) < (rhs.offset, rhs.innerFirst, rhs.sequence)
        }
    }

    init(list: ShoppingList, nodes: RawNodes, rule: RuleID) {
        self.list = list
        self.nodes = nodes
        self.rule = rule
    }

    var source: SourceText { list.document.source }
    var layout: ListLayout { list.layout }
    var records: [ItemRecord] { list.records }
    var decimals: Int { list.priceDecimals }

    /// Reports a finding of the current rule on `node` (the whole document when nil), at `span`
    /// (by default the node's own).
    mutating func report(
        _ node: Int?, span explicit: SourceSpan? = nil, _ message: FindingMessage, related: [RelatedPlace] = [],
        fixes: [Fix] = []
    ) {
        let span = explicit ?? node.map(span(of:)) ?? SourceSpan(at: source.contentStart)
        let order = Order(offset: span.start, innerFirst: -(node ?? -1), sequence: count)
        count += 1
        if keepsFirstOnly, let kept = reported.first {
            guard order < kept.order else { return }
            reported.removeAll()
        }
        let finding = Finding(rule: rule, span: span, message: message, related: related, fixes: fixes)
        reported.append((order, finding))
    }

    /// Reports a finding whose message is words only.
    mutating func report(_ node: Int?, _ message: String, related: [RelatedPlace] = [], fixes: [Fix] = []) {
        report(node, FindingMessage(message), related: related, fixes: fixes)
    }

    /// The findings of the rules that reported `reports`, in registry order, ordered.
    static func sortedFindings(_ reports: [[(order: Order, finding: Finding)]]) -> [Finding] {
        var all: [(order: Order, finding: Finding)] = []
        all.reserveCapacity(reports.reduce(0) { $0 + $1.count })
        for report in reports {
            for (order, finding) in report {
                all.append((Order(offset: order.offset, innerFirst: order.innerFirst, sequence: all.count), finding))
            }
        }
        // Sorted in place: a list with a finding on each of 90,000 items holds one array of them
        // less at the peak.
        all.sort { $0.order < $1.order }
        return all.map(\.finding)
    }

    /// Where a node was written: from its first character to just past its last. A node added by an
    /// edit has no place of its own and takes the place of the nearest one before it that has.
    ///
    /// A block scalar (`|`, `>`), and a block collection that ends with one, is read as ending
    /// where the next line starts, after its line break: the span stops at its last character,
    /// so that a fix that replaces or removes the node leaves the next line alone.
    func span(of node: Int) -> SourceSpan {
        var probe = node
        while probe > 0 && nodes.startOffset(probe) == nil { probe -= 1 }
        guard let start = nodes.startOffset(probe), var end = nodes.endOffset(probe) else {
            return SourceSpan(at: source.contentStart)
        }
        let bytes = source.bytes
        while end > start, end <= bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        return SourceSpan(start: start, end: end)
    }

    /// `line N` of a node, for messages.
    func line(of node: Int) -> FindingMessage.Part {
        .line(ofOffset: span(of: node).start)
    }

    /// A related place: the node, with what it is.
    func place(_ node: Int, _ message: String) -> RelatedPlace {
        RelatedPlace(span: span(of: node), message: message)
    }

    /// The text of a scalar node.
    func text(_ node: Int) -> String {
        String(decoding: nodes.value(node), as: UTF8.self)
    }

    /// What kind of node this is, in words: "mapping", "list" or `scalar`.
    func kindName(_ node: Int, scalar: String = "single value") -> String {
        nodes.isMapping(node) ? "mapping" : (nodes.isSequence(node) ? "list" : scalar)
    }

    /// An item, as a view lending its texts.
    func item(_ record: ItemRecord) -> ItemView {
        ItemView(nodes: nodes, record: record, decimals: decimals)
    }
}
