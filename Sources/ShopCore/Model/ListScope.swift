/// How much of a list a ``ShoppingList`` holds: the whole list, or one part of a list read in parts
/// (``ShoppingList/readInParts(_:limits:_:)``), which holds some of its items and the top level as
/// far as it was read.
public enum ListScope: Sendable, Equatable {
    /// The whole list.
    case whole
    /// A run of items, the first of them at `firstPosition` among all the list's items (those that
    /// are mappings, as ``ShoppingList/records`` holds them: an entry of `items` that is not one is
    /// not counted). Its top level is what came before the items: it is not judged here.
    case items(firstPosition: Int)
    /// The end of a list read in parts: the whole top level, and the items after `firstPosition`
    /// that no earlier part held.
    case rest(firstPosition: Int)

    /// Whether this part holds the whole top level, which the rules then judge.
    public var holdsTopLevel: Bool {
        if case .items = self { return false }
        return true
    }

    /// The position among all the list's items of this part's first item.
    public var firstPosition: Int {
        switch self {
        case .whole: 0
        case .items(let position), .rest(let position): position
        }
    }
}
