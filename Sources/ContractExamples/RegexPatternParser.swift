/// Reads ECMA-262 pattern syntax into `RegexPatternNode`s for sampling. Lenient where ECMA-262's Annex B
/// is (a lone `{` or `]` is a literal); returns `nil` on what it cannot read rather than guessing.
struct RegexPatternParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var captureCount = 0

    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    mutating func parse() -> RegexPatternNode? {
        guard let node = parseDisjunction(), index == scalars.count else { return nil }
        return node
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard current == character else { return false }
        index += 1
        return true
    }

    private mutating func parseDisjunction() -> RegexPatternNode? {
        guard let first = parseAlternative() else { return nil }
        var branches = [first]
        while take("|") {
            guard let next = parseAlternative() else { return nil }
            branches.append(next)
        }
        return branches.count == 1 ? first : .alternation(branches)
    }

    private mutating func parseAlternative() -> RegexPatternNode? {
        var terms: [RegexPatternNode] = []
        while let current, current != "|", current != ")" {
            guard let atom = parseAtom(), let term = parseQuantifier(atom) else { return nil }
            terms.append(term)
        }
        return terms.count == 1 ? terms[0] : .sequence(terms)
    }

    private mutating func parseQuantifier(_ atom: RegexPatternNode) -> RegexPatternNode? {
        var bounds: (Int, Int?)?
        if take("*") {
            bounds = (0, nil)
        } else if take("+") {
            bounds = (1, nil)
        } else if take("?") {
            bounds = (0, 1)
        } else if current == "{", let braced = parseBraces() {
            bounds = braced
        }
        guard let (minimum, maximum) = bounds else { return atom }
        _ = take("?")  // lazy or greedy: the same strings match
        if let maximum, maximum < minimum { return nil }
        if case .assertion = atom { return atom }
        return .repeated(atom, min: minimum, max: maximum)
    }

    /// `{n}`, `{n,}`, `{n,m}`; leaves the index alone (a literal `{`) when the braces are not a quantifier.
    private mutating func parseBraces() -> (Int, Int?)? {
        let start = index
        index += 1
        guard let minimum = parseNumber() else {
            index = start
            return nil
        }
        var maximum: Int? = minimum
        if take(",") { maximum = parseNumber() }
        guard take("}") else {
            index = start
            return nil
        }
        return (min(minimum, 10_000), maximum.map { min($0, 10_000) })
    }

    private mutating func parseNumber() -> Int? {
        var value: Int?
        while let current, let digit = current.properties.numericType == .decimal ? Int(String(current)) : nil {
            value = min((value ?? 0) * 10 + digit, 1_000_000)
            index += 1
        }
        return value
    }

    private mutating func parseAtom() -> RegexPatternNode? {
        guard let scalar = current else { return nil }
        index += 1
        switch scalar {
        case "^", "$": return .assertion
        case ".": return .set(.dot)
        case "[": return parseClass().map { .set($0) }
        case "(": return parseGroup()
        case "\\": return parseEscape(inClass: false)
        case "*", "+", "?": return nil
        default: return .literal(scalar)
        }
    }

    private mutating func parseGroup() -> RegexPatternNode? {
        var capture: Int?
        if take("?") {
            if take(":") {
                capture = nil
            } else if take("=") || take("!") {
                return skipLookaround()
            } else if take("<") {
                if take("=") || take("!") { return skipLookaround() }
                while let current, current != ">" { index += 1 }
                guard take(">") else { return nil }
                captureCount += 1
                capture = captureCount
            } else {
                return nil
            }
        } else {
            captureCount += 1
            capture = captureCount
        }
        guard let body = parseDisjunction(), take(")") else { return nil }
        return .group(body, capture: capture)
    }

    private mutating func skipLookaround() -> RegexPatternNode? {
        guard parseDisjunction() != nil, take(")") else { return nil }
        return .assertion
    }

    private mutating func parseEscape(inClass: Bool) -> RegexPatternNode? {
        guard let scalar = current else { return nil }
        index += 1
        switch scalar {
        case "d": return .set(.digits)
        case "D": return .set(RegexScalarSet(ranges: RegexScalarSet.digits.ranges, negated: true))
        case "w": return .set(.word)
        case "W": return .set(RegexScalarSet(ranges: RegexScalarSet.word.ranges, negated: true))
        case "s": return .set(.space)
        case "S": return .set(RegexScalarSet(ranges: RegexScalarSet.space.ranges, negated: true))
        case "b": return inClass ? .literal("\u{8}") : .assertion
        case "B": return .assertion
        case "n": return .literal("\n")
        case "t": return .literal("\t")
        case "r": return .literal("\r")
        case "f": return .literal("\u{C}")
        case "v": return .literal("\u{B}")
        case "0": return .literal("\u{0}")
        case "x": return parseHex(count: 2).map { .literal($0) }
        case "u": return parseUnicodeEscape().map { .literal($0) }
        case "p", "P": return parsePropertyEscape(negated: scalar == "P")
        case "c":
            guard let letter = current else { return nil }
            index += 1
            return Unicode.Scalar(letter.value % 32).map { .literal($0) }
        default:
            if !inClass, let digit = Int(String(scalar)), digit > 0 {
                var number = digit
                while let current, let next = Int(String(current)), current.isASCII {
                    number = number * 10 + next
                    index += 1
                }
                return .backreference(number)
            }
            return .literal(scalar)
        }
    }

    private mutating func parseHex(count: Int) -> Unicode.Scalar? {
        guard index + count <= scalars.count else { return nil }
        let text = String(String.UnicodeScalarView(scalars[index..<index + count]))
        guard let value = UInt32(text, radix: 16) else { return nil }
        index += count
        return Unicode.Scalar(value)
    }

    private mutating func parseUnicodeEscape() -> Unicode.Scalar? {
        if take("{") {
            var text = ""
            while let current, current != "}" {
                text.unicodeScalars.append(current)
                index += 1
            }
            guard take("}"), let value = UInt32(text, radix: 16) else { return nil }
            return Unicode.Scalar(value)
        }
        guard let high = parseHex(count: 4) else { return nil }
        // A surrogate pair written as two escapes.
        if (0xD800...0xDBFF).contains(high.value), current == "\\", index + 1 < scalars.count, scalars[index + 1] == "u"
        {
            let saved = index
            index += 2
            if let low = parseHex(count: 4), (0xDC00...0xDFFF).contains(low.value) {
                return Unicode.Scalar(0x10000 + ((high.value - 0xD800) << 10) + (low.value - 0xDC00))
            }
            index = saved
        }
        return high
    }

    /// `\p{L}` and friends: sampled from a few representative ranges (letters, digits), which is what
    /// contracts use them for.
    private mutating func parsePropertyEscape(negated: Bool) -> RegexPatternNode? {
        guard take("{") else { return nil }
        var name = ""
        while let current, current != "}" {
            name.unicodeScalars.append(current)
            index += 1
        }
        guard take("}") else { return nil }
        let ranges: [ClosedRange<UInt32>]
        switch name {
        case "L", "Letter", "Alphabetic", "Alpha": ranges = [0x61...0x7A, 0x41...0x5A, 0xE0...0xF6]
        case "Lu", "Uppercase_Letter", "Uppercase": ranges = [0x41...0x5A]
        case "Ll", "Lowercase_Letter", "Lowercase": ranges = [0x61...0x7A]
        case "N", "Nd", "Number", "Decimal_Number", "digit": ranges = [0x30...0x39]
        default: ranges = [0x61...0x7A]
        }
        return .set(RegexScalarSet(ranges: ranges, negated: negated))
    }

    private mutating func parseClass() -> RegexScalarSet? {
        let negated = take("^")
        var ranges: [ClosedRange<UInt32>] = []
        var negatedParts: [RegexScalarSet] = []
        while let scalar = current, scalar != "]" {
            guard let low = parseClassMember() else { return nil }
            if case .set(let set) = low {
                if set.negated { negatedParts.append(set) } else { ranges += set.ranges }
                continue
            }
            guard case .literal(let lowScalar) = low else { return nil }
            if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                guard case .literal(let highScalar)? = parseClassMember(), lowScalar.value <= highScalar.value else {
                    return nil
                }
                ranges.append(lowScalar.value...highScalar.value)
            } else {
                ranges.append(lowScalar.value...lowScalar.value)
            }
            _ = scalar
        }
        guard take("]") else { return nil }
        // `[^\D]`-style double negation is rare; a class mixing a negated escape is approximated by it.
        if ranges.isEmpty, let only = negatedParts.first, negatedParts.count == 1 {
            return RegexScalarSet(ranges: only.ranges, negated: !negated)
        }
        return RegexScalarSet(ranges: ranges, negated: negated)
    }

    private mutating func parseClassMember() -> RegexPatternNode? {
        guard let scalar = current else { return nil }
        index += 1
        if scalar == "\\" { return parseEscape(inClass: true) }
        return .literal(scalar)
    }
}
