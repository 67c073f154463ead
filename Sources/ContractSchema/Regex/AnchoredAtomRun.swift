// Memory safety: the buffers are lent for the call, and each atom's scan stops at an `end` clamped to
// `input.count`.

/// A pattern that is a run of single-character atoms from the start of the input, such as
/// `^[A-Z]{3}-[0-9]{6}$` or `^[a-z0-9_]+$`, matched in one pass over the bytes without backtracking.
///
/// Most `pattern`s in real contracts have this shape (codes, identifiers, slugs), and the backtracking
/// machine spends a step and a dispatch per character on them. One pass is exact only when every atom
/// whose count can vary cannot take a character that could start what follows it, so that taking as
/// many as possible is the only choice that can lead to a match; `init` checks that and returns `nil`
/// otherwise. Atoms accept ASCII characters only, so any non-ASCII byte ends a run, as it would end the
/// machine's (a non-ASCII scalar is in none of these classes).
struct AnchoredAtomRun: Sendable {
    struct Atom: Sendable {
        var set: ASCIIBitmap
        var minimum: Int
        var maximum: Int
    }

    private let atoms: [Atom]
    private let anchoredAtEnd: Bool

    /// The run `node` stands for, or `nil` when it is not one that a single pass matches exactly.
    init?(_ node: RegexNode) {
        guard case .sequence(let nodes) = node, case .lineStart? = nodes.first else { return nil }
        var atoms: [Atom] = []
        var anchoredAtEnd = false
        for (offset, element) in nodes.enumerated().dropFirst() {
            if case .lineEnd = element {
                // Only as the last element: a `$` before more atoms needs the machine.
                guard offset == nodes.count - 1 else { return nil }
                anchoredAtEnd = true
            } else if case .empty = element {
                continue
            } else if let atom = Self.atom(element) {
                atoms.append(atom)
            } else {
                return nil
            }
        }
        guard Self.isDeterministic(atoms) else { return nil }
        self.atoms = atoms
        self.anchoredAtEnd = anchoredAtEnd
    }

    /// Whether the pattern matches `input` (UTF-8).
    func matches(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        // The atoms through their buffer (no bounds check or copy per atom), each against one end, and each
        // byte tested by one bitmap lookup that also rejects non-ASCII bytes.
        atoms.withUnsafeBufferPointer { atoms in
            var position = 0
            let count = input.count
            for atom in atoms {
                let start = position
                let end = atom.maximum >= count - start ? count : start + atom.maximum
                while position < end, atom.set.contains(anyByte: input[position]) { position += 1 }
                guard position - start >= atom.minimum else { return false }
            }
            return !anchoredAtEnd || position == count
        }
    }

    /// One character class, literal or group around one, possibly repeated.
    private static func atom(_ node: RegexNode) -> Atom? {
        switch node {
        case .repetition(let inner, let minimum, let maximum, _):
            guard var atom = atom(inner), atom.minimum == 1, atom.maximum == 1 else { return nil }
            atom.minimum = minimum
            atom.maximum = maximum ?? Int.max
            return atom
        case .group(let inner, _):
            // Captures do not matter without backreferences, and a backreference is not an atom.
            return atom(inner)
        case .scalar(let value):
            guard value < 0x80 else { return nil }
            return Atom(set: ASCIIBitmap { UInt32($0) == value }, minimum: 1, maximum: 1)
        case .characterClass(let set):
            guard !set.negated, set.items.allSatisfy(isASCIIOnly) else { return nil }
            return Atom(set: ASCIIBitmap { set.matches(UInt32($0)) }, minimum: 1, maximum: 1)
        default:
            return nil
        }
    }

    /// Whether the class item can only match ASCII scalars (`\s` and `\p{…}` reach beyond it).
    private static func isASCIIOnly(_ item: RegexCharacterClass.Item) -> Bool {
        switch item {
        case .range(_, let high): high < 0x80
        case .digit(let negated), .word(let negated): !negated
        case .space, .category, .any: false
        }
    }

    /// Whether greedy taking is the only choice that can succeed: each atom with a variable count is
    /// disjoint from every atom that may come right after it (the optional ones, up to and including
    /// the first that must match).
    private static func isDeterministic(_ atoms: [Atom]) -> Bool {
        for (index, atom) in atoms.enumerated() where atom.minimum < atom.maximum {
            for next in atoms[(index + 1)...] {
                guard atom.set.isDisjoint(with: next.set) else { return false }
                if next.minimum > 0 { break }
            }
        }
        return true
    }
}
