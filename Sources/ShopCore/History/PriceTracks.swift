/// The prices of the items of a history, one track per item followed through the versions: each
/// price is one entry of flat arrays (the version it came in, its units, the entry before it on
/// its track), so that 100,000 tracks cost a few MB rather than an array and a record each.
struct PriceTracks: Sendable {
    /// For each entry: the version (its place among the versions read) it came in.
    private var versions: [Int32] = []
    /// For each entry: the price in units of 10^-decimals of its version's currency.
    private var units: [Int64] = []
    /// For each entry: the entry before it on its track; -1 for the first.
    private var previous: [Int32] = []
    /// For each track: its last entry; -1 while it has none.
    private var last: [Int32] = []

    /// How many tracks there are.
    var count: Int { last.count }

    /// A track of no prices yet.
    mutating func add() -> Int32 {
        last.append(-1)
        return Int32(truncatingIfNeeded: last.count - 1)
    }

    /// The last price of `track`: its version and units; nil when it has none.
    func lastPrice(of track: Int32) -> (version: Int, units: Int64)? {
        let entry = Int(last[Int(track)])
        return entry < 0 ? nil : (Int(versions[entry]), units[entry])
    }

    /// Adds a price to `track`: `units` in `version`.
    mutating func append(to track: Int32, version: Int, units price: Int64) {
        versions.append(Int32(truncatingIfNeeded: version))
        units.append(price)
        previous.append(last[Int(track)])
        last[Int(track)] = Int32(truncatingIfNeeded: versions.count - 1)
    }

    /// The prices of `track`, oldest first: each one's version and units.
    func prices(of track: Int32) -> [(version: Int, units: Int64)] {
        var result: [(version: Int, units: Int64)] = []
        var entry = Int(last[Int(track)])
        while entry >= 0 {
            result.append((Int(versions[entry]), units[entry]))
            entry = Int(previous[entry])
        }
        return result.reversed()
    }
}
