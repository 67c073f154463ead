/// The parsed form of an ECMA-262 pattern.
package indirect enum RegexNode: Sendable {
    case empty
    case scalar(UInt32)
    case characterClass(RegexCharacterClass)
    /// `.`: any scalar but a line terminator.
    case dot
    case lineStart
    case lineEnd
    case wordBoundary(negated: Bool)
    case group(RegexNode, capture: Int?)
    case sequence([RegexNode])
    case alternation([RegexNode])
    case repetition(RegexNode, min: Int, max: Int?, greedy: Bool)
    case look(RegexNode, ahead: Bool, negated: Bool)
    case backreference(Int)

    /// Whether the node can match without consuming input (loops over such bodies need a progress check).
    var canMatchEmpty: Bool {
        switch self {
        case .empty, .lineStart, .lineEnd, .wordBoundary, .look, .backreference: return true
        case .scalar, .characterClass, .dot: return false
        case .group(let node, _): return node.canMatchEmpty
        case .sequence(let nodes): return nodes.allSatisfy(\.canMatchEmpty)
        case .alternation(let nodes): return nodes.contains(where: \.canMatchEmpty)
        case .repetition(let node, let min, _, _): return min == 0 || node.canMatchEmpty
        }
    }
}

/// Why a pattern is not a valid ECMA-262 regular expression (or uses something not supported).
package struct RegexSyntaxError: Error, Sendable {
    package var message: String
}
