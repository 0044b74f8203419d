/// The price history of the items of a list, from its versions oldest first (the commits of its
/// git history): for each item of the newest version, the versions where its price changed (the
/// first price counts as a change). Items are followed from version to version as merge matches
/// them (by id, by name, and renames); an item that went and came back later (by name or id) goes
/// on with the history it had.
public struct PriceHistory: Sendable {
    /// One version of the list.
    public struct Version: Sendable {
        /// The commit's hash.
        public var commit: String
        /// The committer date, `YYYY-MM-DD`.
        public var date: String
        /// The list as it was.
        public var list: ShoppingList

        /// A version.
        public init(commit: String, date: String, list: ShoppingList) {
            self.commit = commit
            self.date = date
            self.list = list
        }
    }

    /// A price that an item got in a version.
    public struct Price: Sendable, Equatable {
        /// The committer date of the version, `YYYY-MM-DD`.
        public var date: String
        /// The commit's hash.
        public var commit: String
        /// The price of one unit.
        public var price: DecimalNumber
        /// The currency's decimals in that version, which the price is written with.
        public var decimals: Int
        /// The list's currency in that version, when it set one.
        public var currency: String? = nil

        /// The price written with its currency's decimals.
        public var text: String { price.formatted(decimals: decimals) }
    }

    /// One item and its prices, oldest first.
    public struct Item: Sendable, Equatable {
        /// The name in the newest version.
        public var name: String
        /// The prices, oldest first; empty for an item that never had one.
        public var prices: [Price]
    }

    /// The items of the newest version, in its order.
    public var items: [Item]

    /// The history of `versions`, oldest first.
    public init(versions: [Version]) {
        var builder = Builder()
        for version in versions { builder.add(version) }
        self = builder.history
    }

    /// Builds a history from the versions handed to it one at a time, oldest first: only the last
    /// one is held, with the prices found so far, so that a long history is read in the memory of
    /// two versions.
    public struct Builder: Sendable {
        private var tracks: [[Price]] = []
        private var current: [Int] = []
        private var previous: ListVersion?
        private var gone: [String: Int] = [:]

        /// A history of no versions yet.
        public init() {}

        /// Follows the items into `version`, the one after those added before.
        public mutating func add(_ version: Version) {
            let list = ListVersion(version.list)
            var next = [Int](repeating: -1, count: list.items.count)
            if let previous {
                let matching = ItemMatching(old: previous, new: list)
                for (old, new) in matching.newForOld.enumerated() {
                    if let new { next[new] = current[old] } else { PriceHistory.remember(old, of: previous, current[old], in: &gone) }
                }
            }
            for index in list.items.indices where next[index] < 0 {
                if let track = PriceHistory.recall(index, of: list, from: &gone) {
                    next[index] = track
                } else {
                    next[index] = tracks.count
                    tracks.append([])
                }
            }
            let decimals = version.list.priceDecimals
            let currency = version.list.currency?.code
            for (index, item) in version.list.items.enumerated() {
                guard let price = item.price else { continue }
                let track = next[index]
                // A new currency is a new price, whatever the number.
                if tracks[track].last?.price != price || tracks[track].last?.currency != currency {
                    tracks[track].append(
                        Price(date: version.date, commit: version.commit, price: price, decimals: decimals, currency: currency))
                }
            }
            current = next
            previous = list
        }

        /// The history of the versions added so far: the items of the last one.
        public var history: PriceHistory {
            let items =
                previous.map { list in
                    list.items.indices.map { Item(name: list.displayName(ofItem: $0), prices: tracks[current[$0]]) }
                } ?? []
            return PriceHistory(items: items)
        }
    }

    private init(items: [Item]) {
        self.items = items
    }

    private static func remember(_ item: Int, of list: ListVersion, _ track: Int, in gone: inout [String: Int]) {
        if let id = list.id(ofItem: item) { gone["id:" + id] = track }
        if let key = list.nameKey(ofItem: item) { gone["name:" + key.description] = track }
    }

    private static func recall(_ item: Int, of list: ListVersion, from gone: inout [String: Int]) -> Int? {
        let keys = [list.id(ofItem: item).map { "id:" + $0 }, list.nameKey(ofItem: item).map { "name:" + $0.description }]
            .compactMap { $0 }
        guard let track = keys.compactMap({ gone[$0] }).first else { return nil }
        for key in keys { gone[key] = nil }
        return track
    }

    /// Only the items named (compared like names), in the order of the list.
    public func keeping(names: [String]) -> PriceHistory {
        let keys = Set(names.map(NameKey.init))
        var copy = self
        copy.items = items.filter { keys.contains(NameKey($0.name)) }
        return copy
    }
}

extension PriceHistory.Item {
    /// Whether the prices are in more than one currency (the list's currency changed): then they
    /// are not compared, and each is shown with its currency.
    public var mixesCurrencies: Bool {
        prices.contains { $0.currency != prices.first?.currency }
    }

    /// The change from the first price to the last in percent with one decimal (`+6.1%`, `-2.0%`,
    /// `0.0%`); nil with fewer than two prices, a first price of 0, or prices in more than one
    /// currency.
    public var change: String? {
        guard let first = prices.first?.price, let last = prices.last?.price, prices.count > 1, !first.isZero,
            !mixesCurrencies
        else {
            return nil
        }
        let scale = max(first.scale, last.scale)
        let from = first.rounded(toScale: scale).units
        let to = last.rounded(toScale: scale).units
        // Tenths of a percent, rounded half away from zero.
        let numerator = (to - from) * 2000
        let tenths = (numerator + (numerator >= 0 ? from : -from)) / (2 * from)
        let magnitude = tenths < 0 ? -tenths : tenths
        let sign = tenths > 0 ? "+" : tenths < 0 ? "-" : ""
        return "\(sign)\(magnitude / 10).\(magnitude % 10)%"
    }

    /// The prices as a line of bars, lowest `▁` to highest `█`; all `▄` when they are all equal;
    /// empty for prices in more than one currency.
    public var sparkline: String {
        guard !mixesCurrencies else { return "" }
        let bars = Array("▁▂▃▄▅▆▇█")
        guard let low = prices.map(\.price).min(), let high = prices.map(\.price).max() else { return "" }
        guard low != high else { return String(repeating: "▄", count: prices.count) }
        let scale = prices.map(\.price.scale).max() ?? 0
        let lowUnits = low.rounded(toScale: scale).units
        let span = high.rounded(toScale: scale).units - lowUnits
        return String(
            prices.map { price in
                let step = (price.price.rounded(toScale: scale).units - lowUnits) * 7
                return bars[Int((step + span / 2) / span)]
            })
    }
}
