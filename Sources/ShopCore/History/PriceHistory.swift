/// The price history of the items of a list, from its versions oldest first (the commits of its
/// git history): for each item of the newest version, the versions where its price changed (the
/// first price counts as a change). Items are followed from version to version as merge matches
/// them (by id, by name, and renames); an item that went and came back later (by name or id) goes
/// on with the history it had.
///
/// The versions are read one at a time, each whole, and only what follows the items is kept of
/// them (``VersionItems``): a long history of a long list is read in the memory of about one
/// version.
public struct PriceHistory: Sendable {
    /// One version of the list: the commit that made it.
    public struct Version: Sendable, Equatable {
        /// The commit's hash.
        public var commit: String
        /// The committer date, `YYYY-MM-DD`.
        public var date: String

        /// A version.
        public init(commit: String, date: String) {
            self.commit = commit
            self.date = date
        }
    }

    /// Why a version was left out of the history.
    public enum Skip: Sendable, Equatable {
        /// There was no text for it (git has no list file in that commit).
        case missing
        /// Its text is not a list that can be followed item by item, for `reason`.
        case unreadable(reason: String)
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

    /// A version that was read: its commit, and how its prices are written.
    struct ReadVersion: Sendable {
        var version: Version
        var decimals: Int
        var currency: String?
    }

    /// The versions read, oldest first; the tracks name them by their place here.
    let readVersions: [ReadVersion]
    let tracks: PriceTracks
    /// The names of the newest version read.
    let newest: VersionItems
    /// For each item of ``newest``, its track.
    let trackOfItem: [Int32]
    /// The items of ``newest`` shown, when not all are.
    var shown: [Int]? = nil

    /// The items of the newest version, in its order (only those kept by ``keeping(names:)``).
    public var items: Items { Items(history: self) }

    /// The history of `versions`, oldest first. `text` gives the text of a version by its place in
    /// `versions` (nil when there is none), once as it is read and once more for the version
    /// before and the version itself when an item may have been renamed; `skipped` is told of
    /// each version that is left out, and why.
    public static func read<Failure: Error>(
        _ versions: [Version], text: (Int) throws(Failure) -> [UInt8]?, skipped: (Int, Skip) -> Void
    ) throws(Failure) -> PriceHistory {
        var reading = HistoryReading(versions: versions)
        for index in versions.indices {
            try reading.follow(index, text: text, skipped: skipped)
        }
        return reading.history
    }

    /// Only the items named (compared like names), in the order of the list.
    public func keeping(names: [String]) -> PriceHistory {
        let keys = Set(names.map(NameKey.init))
        var copy = self
        copy.shown = (0..<newest.count).filter { keys.contains(NameKey(newest.displayName($0))) }
        return copy
    }

    /// The item of ``newest`` at `position` among those shown.
    func shownItem(_ position: Int) -> Int {
        shown?[position] ?? position
    }

    /// The items of a history, each made when it is asked for.
    public struct Items: RandomAccessCollection, Sendable {
        let history: PriceHistory

        /// The first item's position: 0.
        public var startIndex: Int { 0 }
        /// The position after the last item: how many there are.
        public var endIndex: Int { history.shown?.count ?? history.newest.count }

        /// The item at `position`, its prices oldest first.
        public subscript(position: Int) -> Item {
            let item = history.shownItem(position)
            let prices = history.tracks.prices(of: history.trackOfItem[item]).map { version, units in
                let read = history.readVersions[version]
                return Price(
                    date: read.version.date, commit: read.version.commit,
                    price: DecimalNumber(units: Int128(units), scale: read.decimals), decimals: read.decimals,
                    currency: read.currency)
            }
            return Item(name: history.newest.displayName(item), prices: prices)
        }
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
