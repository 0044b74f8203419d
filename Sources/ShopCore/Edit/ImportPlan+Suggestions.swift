/// What an import says of the new items whose names are close to exactly one name the list
/// has, as `buy` suggests names: `Creme fraiche` is added as typed, and the person is told it may
/// have meant `Crème fraîche`.
extension ImportPlan {
    /// The most new items looked at, and the longest list they are compared with: a household
    /// import adds a few items to a list of hundreds, and the comparison of each new name with
    /// every known one is then instant; a bulk import of a catalog is not asked about.
    static let suggestedAdditions = 200
    static let suggestedAmong = 20_000

    /// One warning per new item whose name is close to exactly one of `names` (the list's).
    func suggestions(among names: [String]) -> [EditNote] {
        guard additions.count <= Self.suggestedAdditions, names.count <= Self.suggestedAmong else { return [] }
        var notes: [EditNote] = []
        for addition in additions {
            let name = entry(of: addition).name.trimmingWhiteSpace()
            let close = SpellingSuggestion.closestNames(to: name, among: names)
            guard close.count == 1, let meant = close.first else { continue }
            notes.append(EditNote(.warning, "added \"\(name)\" as a new item; did you mean \"\(meant)\"?"))
        }
        return notes
    }
}
