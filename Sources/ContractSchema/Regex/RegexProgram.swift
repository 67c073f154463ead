/// One step of a compiled pattern, run by `RegexMachine`.
enum RegexInstruction: Sendable {
    case scalar(UInt32)
    case characterClass(Int)
    case dot
    /// Try the first target, and on failure the second.
    case split(Int, Int)
    case jump(Int)
    case save(Int)
    case lineStart
    case lineEnd
    case wordBoundary(negated: Bool)
    case look(program: Int, ahead: Bool, negated: Bool)
    case backreference(Int)
    /// Records the position where a loop iteration starts…
    case markProgress(Int)
    /// …and fails the iteration when it consumed nothing, as ECMA-262 requires (RepeatMatcher step 2.b).
    case checkProgress(Int)
    /// A greedy repetition of one character (`atoms[atom]`) counted without copies of the body: takes as
    /// many as it can up to `maximum` (failing below `minimum`), records in `slot` where the fewest allowed
    /// end, and leaves a way back to the next instruction (`stepBack`) for each shorter choice.
    case repeatAtom(atom: Int, minimum: Int, maximum: Int, slot: Int)
    /// Where backtracking into a `repeatAtom` resumes: one character fewer, unless that goes below its slot.
    case stepBack(slot: Int)
    case match
}

/// The character a `repeatAtom` repeats.
enum RepeatedAtom: Sendable {
    case scalar(UInt32)
    case characterClass(Int)
    case dot
}

/// A pattern compiled to instructions: the main program and one sub-program per lookaround.
struct RegexProgram: Sendable {
    var programs: [[RegexInstruction]] = [[]]
    var classes: [RegexCharacterClass] = []
    /// Each class's ASCII members as a bitmap: most input is ASCII, and a bit test is much cheaper than
    /// walking the class's items (and copying the class out of its array).
    var asciiClasses: [ASCIIBitmap] = []
    /// Where each distinct class is in `classes`: a repetition such as `[0-9a-f]{32}` is emitted once
    /// per copy, and building the class's bitmap 32 times made compiling Twilio's patterns a fifth of
    /// loading it.
    private var classIndexes: [RegexCharacterClass: Int] = [:]
    var atoms: [RepeatedAtom] = []
    var slotCount = 0
    let keepsCaptures: Bool
    let captureCount: Int
    static let maximumSize = 200_000
    /// Nodes visited while compiling, in every program: the bound `maximumSize` alone misses. A repeated
    /// group that emits nothing never grows the program (`(?:(?:){10000}){10000}` is 10^8 visits), and a
    /// repeated lookaround grows sub-programs, which the size check sees one at a time.
    private var visits = 0
    static let maximumVisits = 1_000_000

    init(_ node: RegexNode, captureCount: Int, keepsCaptures: Bool) throws(RegexSyntaxError) {
        self.keepsCaptures = keepsCaptures
        self.captureCount = captureCount
        slotCount = keepsCaptures ? (captureCount + 1) * 2 : 0
        var main: [RegexInstruction] = []
        try emit(node, into: &main)
        main.append(.match)
        programs[0] = main
    }

    private mutating func emit(_ node: RegexNode, into code: inout [RegexInstruction]) throws(RegexSyntaxError) {
        visits += 1
        guard code.count < Self.maximumSize, visits <= Self.maximumVisits else {
            throw RegexSyntaxError(message: "pattern too large once expanded")
        }
        switch node {
        case .empty: break
        case .scalar(let value): code.append(.scalar(value))
        case .dot: code.append(.dot)
        case .lineStart: code.append(.lineStart)
        case .lineEnd: code.append(.lineEnd)
        case .wordBoundary(let negated): code.append(.wordBoundary(negated: negated))
        case .backreference(let number): code.append(.backreference(number))
        case .characterClass(let set):
            code.append(.characterClass(classIndex(set)))
        case .group(let body, let capture):
            if keepsCaptures, let capture { code.append(.save(capture * 2)) }
            try emit(body, into: &code)
            if keepsCaptures, let capture { code.append(.save(capture * 2 + 1)) }
        case .sequence(let nodes):
            for node in nodes { try emit(node, into: &code) }
        case .alternation(let branches):
            var jumpsToEnd: [Int] = []
            for (offset, branch) in branches.enumerated() {
                if offset < branches.count - 1 {
                    let split = code.count
                    code.append(.split(split + 1, -1))
                    try emit(branch, into: &code)
                    jumpsToEnd.append(code.count)
                    code.append(.jump(-1))
                    code[split] = .split(split + 1, code.count)
                } else {
                    try emit(branch, into: &code)
                }
            }
            for jump in jumpsToEnd { code[jump] = .jump(code.count) }
        case .look(let body, let ahead, let negated):
            var sub: [RegexInstruction] = []
            try emit(body, into: &sub)
            sub.append(.match)
            programs.append(sub)
            code.append(.look(program: programs.count - 1, ahead: ahead, negated: negated))
        case .repetition(let body, let minimum, let maximum, let greedy):
            try emitRepetition(body, minimum: minimum, maximum: maximum, greedy: greedy, into: &code)
        }
    }

    /// The index of `set` in `classes`, added the first time.
    private mutating func classIndex(_ set: RegexCharacterClass) -> Int {
        if let index = classIndexes[set] { return index }
        classes.append(set)
        asciiClasses.append(ASCIIBitmap { set.matches(UInt32($0)) })
        classIndexes[set] = classes.count - 1
        return classes.count - 1
    }

    /// Counts above this repeat one character with `repeatAtom` rather than with a copy of it per count:
    /// `^.{0,262144}$` (a length limit written as a pattern, as Adyen's descriptions do) would otherwise
    /// exceed `maximumSize`. Below it, copies keep the instructions every other repetition uses.
    static let countedAtomThreshold = 1_000

    /// The one character `body` matches, when it is a single-character atom without a capture to record.
    private mutating func repeatedAtom(_ body: RegexNode) -> RepeatedAtom? {
        switch body {
        case .scalar(let value): .scalar(value)
        case .dot: .dot
        case .characterClass(let set): .characterClass(classIndex(set))
        case .group(let inner, let capture) where capture == nil || !keepsCaptures: repeatedAtom(inner)
        default: nil
        }
    }

    private mutating func emitRepetition(
        _ body: RegexNode, minimum: Int, maximum: Int?, greedy: Bool, into code: inout [RegexInstruction]
    ) throws(RegexSyntaxError) {
        if greedy, max(minimum, maximum ?? 0) > Self.countedAtomThreshold, let atom = repeatedAtom(body) {
            atoms.append(atom)
            code.append(
                .repeatAtom(atom: atoms.count - 1, minimum: minimum, maximum: maximum ?? Int.max, slot: slotCount))
            code.append(.stepBack(slot: slotCount))
            slotCount += 1
            return
        }
        for _ in 0..<minimum { try emit(body, into: &code) }
        let needsProgress = body.canMatchEmpty
        guard let maximum else {
            let loop = code.count
            code.append(.split(-1, -1))
            let slot = slotCount
            if needsProgress {
                slotCount += 1
                code.append(.markProgress(slot))
            }
            try emit(body, into: &code)
            if needsProgress { code.append(.checkProgress(slot)) }
            code.append(.jump(loop))
            code[loop] = greedy ? .split(loop + 1, code.count) : .split(code.count, loop + 1)
            return
        }
        var splits: [Int] = []
        for _ in minimum..<max(minimum, maximum) {
            splits.append(code.count)
            code.append(.split(-1, -1))
            try emit(body, into: &code)
        }
        for split in splits {
            code[split] = greedy ? .split(split + 1, code.count) : .split(code.count, split + 1)
        }
    }
}

/// A finished program behind one reference, shared by every match of its pattern.
final class CompiledRegexProgram: Sendable {
    let program: RegexProgram

    init(_ program: RegexProgram) {
        self.program = program
    }
}
