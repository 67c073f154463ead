/// A pointer under construction by a walk: where the walk started and the tokens below it, spelled into
/// a `JSONPointer` only when one is needed. Walks over every subschema of a contract rarely need the
/// pointer of the schema they stand at (a message, an anchor), and a `JSONPointer` link per subschema, an
/// allocation and a hash each, was a fifth of such a walk.
package struct PendingPointer: Sendable {
    /// Where the walk started.
    private var base: JSONPointer
    private var tokens: [String] = []

    /// A pointer at `base`, with nothing below it yet.
    package init(at base: JSONPointer = .root) {
        self.base = base
    }

    /// Starts again at `base` (keeping the token list's storage).
    package mutating func restart(at base: JSONPointer) {
        self.base = base
        tokens.removeAll(keepingCapacity: true)
    }

    /// Steps one level down.
    package mutating func push(_ token: String) {
        tokens.append(token)
    }

    /// Steps back up the level `push` went down.
    package mutating func pop() {
        tokens.removeLast()
    }

    /// The pointer where the walk stands.
    package var pointer: JSONPointer {
        var pointer = base
        for token in tokens { pointer = pointer.appending(token) }
        return pointer
    }
}
