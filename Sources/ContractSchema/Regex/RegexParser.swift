/// Parses ECMA-262 pattern syntax (with the `u` flag's escapes, and Annex B's literal `{`, `}`, `]`).
package struct RegexParser {
    private let scalars: [UInt32]
    private var index = 0
    private(set) var captureCount = 0
    private var names: [String: Int] = [:]
    private(set) var hasBackreferences = false
    /// Whether letters match either case here: set by `(?i)` until the end of the enclosing group, or
    /// inside `(?i:…)`.
    private var ignoresCase = false

    /// Whether what PCRE, Java and Python read beyond ECMA-262's `u` mode is read too: `(?i)`, `(?-i)` and
    /// `(?i:…)` (`parseModifiers`), and `\_` for `_` (SendGrid's descriptions write `[a-zA-Z0-9\-\_]`).
    /// Without, they are an invalid group and an invalid escape, as ECMA-262 has them.
    private let readsCommonExtensions: Bool

    package init(_ pattern: String, readsCommonExtensions: Bool = true) {
        scalars = pattern.unicodeScalars.map(\.value)
        self.readsCommonExtensions = readsCommonExtensions
    }

    package mutating func parse() throws(RegexSyntaxError) -> RegexNode {
        let node = try parseDisjunction()
        guard index == scalars.count else { throw RegexSyntaxError(message: "unmatched ) at offset \(index)") }
        return node
    }

    private var current: UInt32? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ character: Character) -> Bool {
        guard let current, let scalar = character.unicodeScalars.first else { return false }
        return current == scalar.value
    }

    private mutating func take(_ character: Character) -> Bool {
        guard peek(character) else { return false }
        index += 1
        return true
    }

    private mutating func parseDisjunction() throws(RegexSyntaxError) -> RegexNode {
        var branches = [try parseAlternative()]
        while take("|") { branches.append(try parseAlternative()) }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseAlternative() throws(RegexSyntaxError) -> RegexNode {
        var terms: [RegexNode] = []
        while let current, current != 0x7C, current != 0x29 {
            terms.append(try parseTerm())
        }
        return terms.isEmpty ? .empty : (terms.count == 1 ? terms[0] : .sequence(terms))
    }

    private mutating func parseTerm() throws(RegexSyntaxError) -> RegexNode {
        if take("^") { return .lineStart }
        if take("$") { return .lineEnd }
        if peek("\\"), index + 1 < scalars.count, scalars[index + 1] == 0x62 || scalars[index + 1] == 0x42 {
            let negated = scalars[index + 1] == 0x42
            index += 2
            return .wordBoundary(negated: negated)
        }
        if peek("("), index + 2 < scalars.count, scalars[index + 1] == 0x3F {
            let kind = scalars[index + 2]
            var lookahead: (ahead: Bool, negated: Bool)?
            if kind == 0x3D { lookahead = (true, false) }
            if kind == 0x21 { lookahead = (true, true) }
            if kind == 0x3C, index + 3 < scalars.count, scalars[index + 3] == 0x3D || scalars[index + 3] == 0x21 {
                lookahead = (false, scalars[index + 3] == 0x21)
                index += 1
            }
            if let lookahead {
                index += 3
                let ignoredCase = ignoresCase
                let body = try parseDisjunction()
                ignoresCase = ignoredCase
                guard take(")") else { throw RegexSyntaxError(message: "unclosed lookaround") }
                // Lookaheads are quantifiable only in Annex B; treating them as plain assertions is enough.
                return .look(body, ahead: lookahead.ahead, negated: lookahead.negated)
            }
        }
        let atom = try parseAtom()
        return try parseQuantifier(atom)
    }

    private mutating func parseQuantifier(_ atom: RegexNode) throws(RegexSyntaxError) -> RegexNode {
        var minimum: Int
        var maximum: Int?
        if take("*") {
            minimum = 0
        } else if take("+") {
            minimum = 1
        } else if take("?") {
            (minimum, maximum) = (0, 1)
        } else if peek("{"), let bounds = readBraces() {
            (minimum, maximum) = bounds
        } else {
            return atom
        }
        if let maximum, maximum < minimum { throw RegexSyntaxError(message: "numbers out of order in {} quantifier") }
        let greedy = !take("?")
        switch atom {
        case .lineStart, .lineEnd, .wordBoundary: throw RegexSyntaxError(message: "nothing to repeat")
        default: return .repetition(atom, min: minimum, max: maximum, greedy: greedy)
        }
    }

    /// Reads `{n}`, `{n,}` or `{n,m}`; leaves the index alone and returns nil when `{` is a literal.
    private mutating func readBraces() -> (Int, Int?)? {
        let start = index
        index += 1
        guard let minimum = readNumber() else {
            index = start
            return nil
        }
        var maximum: Int? = minimum
        if take(",") { maximum = readNumber() }
        guard take("}") else {
            index = start
            return nil
        }
        return (minimum, maximum)
    }

    private mutating func readNumber() -> Int? {
        var value: Int?
        while let current, current >= 0x30, current <= 0x39 {
            // Saturating: a count beyond any string a body can hold means the same as this one.
            value = min((value ?? 0) * 10 + Int(current - 0x30), 1 << 30)
            index += 1
        }
        return value
    }

    private mutating func parseAtom() throws(RegexSyntaxError) -> RegexNode {
        guard let current else { throw RegexSyntaxError(message: "unexpected end of pattern") }
        index += 1
        switch current {
        case 0x2E: return .dot
        case 0x5B: return .characterClass(caseless(try parseClass()))
        case 0x28:
            var capture: Int?
            let ignoredCase = ignoresCase
            if take("?") {
                if let scoped = try parseModifiers() {
                    guard scoped else { return .empty }
                    capture = nil
                } else if take(":") {
                    capture = nil
                } else if take("<") {
                    var name = ""
                    while let scalar = self.current, scalar != 0x3E, let character = Unicode.Scalar(scalar) {
                        name.unicodeScalars.append(character)
                        index += 1
                    }
                    guard take(">"), !name.isEmpty else { throw RegexSyntaxError(message: "bad group name") }
                    captureCount += 1
                    capture = captureCount
                    names[name] = captureCount
                } else {
                    throw RegexSyntaxError(message: "invalid group")
                }
            } else {
                captureCount += 1
                capture = captureCount
            }
            let body = try parseDisjunction()
            // A group ends what an inline `(?i)` inside it started.
            ignoresCase = ignoredCase
            guard take(")") else { throw RegexSyntaxError(message: "unclosed group") }
            return .group(body, capture: capture)
        case 0x5C: return caseless(try parseAtomEscape())
        case 0x2A, 0x2B, 0x3F: throw RegexSyntaxError(message: "nothing to repeat")
        case 0x29: throw RegexSyntaxError(message: "unmatched )")
        default: return caseless(.scalar(current))
        }
    }

    /// After `(?`: the case modifiers `i` and `-i`, as `(?i)` (for the rest of the enclosing group, as
    /// PCRE, Java, .NET, Python and Rust read it) or `(?i:…)` (for the group, as ECMAScript 2025's
    /// modifiers). Not ECMA-262 before that, but real contracts generated from Java services write
    /// `\.(?i)(jpeg|pdf)`. `nil` when no modifier follows; `false` for `(?i)`, `true` for a group, whose
    /// body the caller parses.
    private mutating func parseModifiers() throws(RegexSyntaxError) -> Bool? {
        guard readsCommonExtensions else { return nil }
        let start = index
        let turnsOff = take("-")
        guard take("i") else {
            index = start
            return nil
        }
        ignoresCase = !turnsOff
        if take(")") { return false }
        if take(":") { return true }
        throw RegexSyntaxError(message: "only the case modifier (?i), (?-i), (?i:…) is supported in a group's flags")
    }

    /// `node` as it matches where case is ignored: a letter or a class also matches the other cases of its
    /// letters (simple case mappings).
    private func caseless(_ node: RegexNode) -> RegexNode {
        guard ignoresCase else { return node }
        switch node {
        case .scalar(let value):
            let variants = Self.caseVariants(of: value)
            guard !variants.isEmpty else { return node }
            return .characterClass(
                RegexCharacterClass(items: ([value] + variants).map { .range($0, $0) }, negated: false))
        case .characterClass(let set):
            return .characterClass(caseless(set))
        default:
            return node
        }
    }

    private func caseless(_ set: RegexCharacterClass) -> RegexCharacterClass {
        guard ignoresCase else { return set }
        var items = set.items
        for case .range(let low, let high) in set.items where high - low < 0x1000 {
            for value in low...high {
                items += Self.caseVariants(of: value).map { .range($0, $0) }
            }
        }
        return RegexCharacterClass(items: items, negated: set.negated)
    }

    /// The other scalars a letter maps to in lower, upper or title case, when each is one scalar.
    private static func caseVariants(of value: UInt32) -> [UInt32] {
        guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else { return [] }
        let properties = scalar.properties
        var variants: [UInt32] = []
        for mapping in [properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping] {
            let scalars = mapping.unicodeScalars
            guard scalars.count == 1, let mapped = scalars.first?.value, mapped != value,
                !variants.contains(mapped)
            else { continue }
            variants.append(mapped)
        }
        return variants
    }

    private mutating func parseAtomEscape() throws(RegexSyntaxError) -> RegexNode {
        guard let current else { throw RegexSyntaxError(message: "\\ at end of pattern") }
        if current >= 0x31, current <= 0x39 {
            let number = readNumber() ?? 0
            hasBackreferences = true
            return .backreference(number)
        }
        if current == 0x6B, index + 1 < scalars.count, scalars[index + 1] == 0x3C {
            index += 2
            var name = ""
            while let scalar = self.current, scalar != 0x3E, let character = Unicode.Scalar(scalar) {
                name.unicodeScalars.append(character)
                index += 1
            }
            guard take(">") else { throw RegexSyntaxError(message: "bad named backreference") }
            hasBackreferences = true
            return .backreference(names[name] ?? Int.max)
        }
        switch try parseClassEscape(inClass: false) {
        case .range(let low, let high) where low == high: return .scalar(low)
        case let item: return .characterClass(RegexCharacterClass(items: [item], negated: false))
        }
    }

    private mutating func parseClass() throws(RegexSyntaxError) -> RegexCharacterClass {
        let negated = take("^")
        var items: [RegexCharacterClass.Item] = []
        while true {
            guard let current else { throw RegexSyntaxError(message: "unclosed character class") }
            if current == 0x5D {
                index += 1
                break
            }
            let low = try parseClassAtom()
            if peek("-"), index + 1 < scalars.count, scalars[index + 1] != 0x5D {
                index += 1
                let high = try parseClassAtom()
                guard case .range(let a, _) = low, case .range(let b, _) = high else {
                    throw RegexSyntaxError(message: "character class escape in a range")
                }
                guard a <= b else { throw RegexSyntaxError(message: "range out of order in character class") }
                items.append(.range(a, b))
            } else {
                items.append(low)
            }
        }
        return RegexCharacterClass(items: items, negated: negated)
    }

    private mutating func parseClassAtom() throws(RegexSyntaxError) -> RegexCharacterClass.Item {
        guard let current else { throw RegexSyntaxError(message: "unclosed character class") }
        index += 1
        if current == 0x5C { return try parseClassEscape(inClass: true) }
        return .range(current, current)
    }

    private mutating func parseClassEscape(inClass: Bool) throws(RegexSyntaxError) -> RegexCharacterClass.Item {
        guard let current else { throw RegexSyntaxError(message: "\\ at end of pattern") }
        index += 1
        func single(_ value: UInt32) -> RegexCharacterClass.Item { .range(value, value) }
        switch current {
        case 0x64: return .digit(negated: false)
        case 0x44: return .digit(negated: true)
        case 0x77: return .word(negated: false)
        case 0x57: return .word(negated: true)
        case 0x73: return .space(negated: false)
        case 0x53: return .space(negated: true)
        case 0x74: return single(0x09)
        case 0x6E: return single(0x0A)
        case 0x76: return single(0x0B)
        case 0x66: return single(0x0C)
        case 0x72: return single(0x0D)
        case 0x62 where inClass: return single(0x08)
        case 0x2D where inClass: return single(0x2D)
        case 0x30:
            if let next = self.current, next >= 0x30, next <= 0x39 {
                throw RegexSyntaxError(message: "octal escapes are not allowed")
            }
            return single(0)
        case 0x63:
            guard let letter = self.current, (0x41...0x5A).contains(letter) || (0x61...0x7A).contains(letter) else {
                throw RegexSyntaxError(message: "invalid \\c escape")
            }
            index += 1
            return single(letter % 32)
        case 0x78:
            guard let value = readHex(count: 2) else { throw RegexSyntaxError(message: "invalid \\x escape") }
            return single(value)
        case 0x75:
            return single(try readUnicodeEscape())
        case 0x70, 0x50:
            guard take("{") else { throw RegexSyntaxError(message: "invalid property escape") }
            var name = ""
            while let scalar = self.current, scalar != 0x7D, let character = Unicode.Scalar(scalar) {
                name.unicodeScalars.append(character)
                index += 1
            }
            guard take("}"), let categories = RegexCharacterClass.categories(named: name) else {
                throw RegexSyntaxError(message: "unsupported property escape \\p{\(name)}")
            }
            return .category(categories, negated: current == 0x50)
        default:
            // Identity escapes (the `u` flag's rule): ASCII letters, digits and `_` may not be escaped.
            if current < 0x80, RegexCharacterClass.isWord(current), !(current == 0x5F && readsCommonExtensions) {
                let shown = Unicode.Scalar(current).map(String.init) ?? "?"
                throw RegexSyntaxError(message: "invalid escape \\\(shown)")
            }
            return single(current)
        }
    }

    private mutating func readHex(count: Int) -> UInt32? {
        guard index + count <= scalars.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<count {
            guard let digit = Self.hexValue(scalars[index + offset]) else { return nil }
            value = value * 16 + digit
        }
        index += count
        return value
    }

    private mutating func readUnicodeEscape() throws(RegexSyntaxError) -> UInt32 {
        if take("{") {
            var value: UInt32 = 0
            var digits = 0
            while let current, let digit = Self.hexValue(current) {
                value = value &* 16 &+ digit
                digits += 1
                index += 1
            }
            guard take("}"), digits > 0, value <= 0x10FFFF else {
                throw RegexSyntaxError(message: "invalid \\u{} escape")
            }
            return value
        }
        guard let high = readHex(count: 4) else { throw RegexSyntaxError(message: "invalid \\u escape") }
        // A surrogate pair written as two escapes stands for one scalar.
        if (0xD800...0xDBFF).contains(high), index + 6 <= scalars.count, scalars[index] == 0x5C,
            scalars[index + 1] == 0x75
        {
            let saved = index
            index += 2
            if let low = readHex(count: 4), (0xDC00...0xDFFF).contains(low) {
                return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            }
            index = saved
        }
        return high
    }

    private static func hexValue(_ scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x30...0x39: scalar - 0x30
        case 0x41...0x46: scalar - 0x41 + 10
        case 0x61...0x66: scalar - 0x61 + 10
        default: nil
        }
    }
}
