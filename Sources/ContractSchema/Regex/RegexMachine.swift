// Memory safety: `input` is lent for the match and is valid UTF-8 (a `String`'s bytes or a JSON string the
// reader checked), so stepping by a lead byte's length lands on a boundary within it: positions stay in
// `0...input.count`, a byte is read only below `input.count`, `decode` checks `position + length`, and a
// backreference copies a captured range only after `position + length <= input.count`.

/// A backtracking matcher over UTF-8 bytes with a step budget.
///
/// Backtracking is what ECMA-262 specifies (lazy quantifiers, backreferences, lookarounds); the
/// budget is what keeps a catastrophic pattern such as `(a+)+$` from hanging the caller: every
/// instruction executed costs one step, and when the budget runs out the match is abandoned.
struct RegexMachine {
    enum Outcome { case matched, failed, exhausted }

    private struct Frame {
        /// The instruction to resume at, or -1 - slot for "restore this slot".
        var pc: Int
        var position: Int
    }

    /// The program, by reference: a machine is made per match, and copying the program's struct retained
    /// each of its tables (about a quarter of matching a short string).
    let code: CompiledRegexProgram
    let input: UnsafeBufferPointer<UInt8>
    var steps: Int
    var slots: [Int]

    init(code: CompiledRegexProgram, input: UnsafeBufferPointer<UInt8>, budget: Int) {
        self.code = code
        self.input = input
        self.steps = budget
        self.slots = Array(repeating: -1, count: code.program.slotCount)
    }

    /// Runs sub-program `index` from `start`; with `requiredEnd`, only a match ending there counts.
    mutating func run(_ index: Int, from start: Int, requiredEnd: Int? = nil) -> Outcome {
        let instructions = code.program.programs[index]
        // The first thread runs without the stack, so a pattern without alternatives allocates nothing.
        var stack: [Frame] = []
        var first: Frame? = Frame(pc: 0, position: start)
        while let frame = first ?? stack.popLast() {
            first = nil
            if frame.pc < 0 {
                slots[-1 - frame.pc] = frame.position
                continue
            }
            var pc = frame.pc
            var position = frame.position
            thread: while true {
                steps -= 1
                if steps < 0 { return .exhausted }
                switch instructions[pc] {
                case .scalar(let value):
                    guard position < input.count, decode(at: position) == value else { break thread }
                    position += Self.length(input[position])
                    pc += 1
                case .characterClass(let set):
                    guard position < input.count else { break thread }
                    let lead = input[position]
                    if lead < 0x80 {
                        guard code.program.asciiClasses[set].contains(lead) else { break thread }
                        position += 1
                    } else {
                        guard code.program.classes[set].matches(decode(at: position)) else { break thread }
                        position += Self.length(lead)
                    }
                    pc += 1
                case .dot:
                    guard position < input.count, !RegexCharacterClass.isLineTerminator(decode(at: position)) else {
                        break thread
                    }
                    position += Self.length(input[position])
                    pc += 1
                case .split(let first, let second):
                    stack.append(Frame(pc: second, position: position))
                    pc = first
                case .jump(let target):
                    pc = target
                case .save(let slot), .markProgress(let slot):
                    stack.append(Frame(pc: -1 - slot, position: slots[slot]))
                    slots[slot] = position
                    pc += 1
                case .checkProgress(let slot):
                    guard slots[slot] != position else { break thread }
                    pc += 1
                case .lineStart:
                    guard position == 0 else { break thread }
                    pc += 1
                case .lineEnd:
                    guard position == input.count else { break thread }
                    pc += 1
                case .wordBoundary(let negated):
                    let before = position > 0 && RegexCharacterClass.isWord(decode(before: position))
                    let after = position < input.count && RegexCharacterClass.isWord(decode(at: position))
                    guard (before != after) != negated else { break thread }
                    pc += 1
                case .backreference(let number):
                    guard let end = matchBackreference(number, at: position) else { break thread }
                    position = end
                    pc += 1
                case .look(let sub, let ahead, let negated):
                    let outcome = look(sub, ahead: ahead, at: position)
                    if outcome == .exhausted { return .exhausted }
                    guard (outcome == .matched) != negated else { break thread }
                    pc += 1
                case .repeatAtom(let atom, let minimum, let maximum, let slot):
                    var count = 0
                    var fewest = position
                    while count < maximum, let next = advance(over: code.program.atoms[atom], from: position) {
                        position = next
                        count += 1
                        if count == minimum { fewest = position }
                    }
                    steps -= count
                    guard count >= minimum else { break thread }
                    stack.append(Frame(pc: -1 - slot, position: slots[slot]))
                    slots[slot] = fewest
                    if position > fewest { stack.append(Frame(pc: pc + 1, position: position)) }
                    pc += 2
                case .stepBack(let slot):
                    // Entered only by backtracking, at the end of the last choice: give one character back.
                    position -= 1
                    while position > 0, input[position] & 0xC0 == 0x80 { position -= 1 }
                    guard position >= slots[slot] else { break thread }
                    if position > slots[slot] { stack.append(Frame(pc: pc, position: position)) }
                    pc += 1
                case .match:
                    if let requiredEnd, position != requiredEnd { break thread }
                    return .matched
                }
            }
        }
        return .failed
    }

    /// The position after one `atom` at `position`, or `nil` when it does not match there.
    private func advance(over atom: RepeatedAtom, from position: Int) -> Int? {
        guard position < input.count else { return nil }
        let lead = input[position]
        switch atom {
        case .scalar(let value):
            guard decode(at: position) == value else { return nil }
        case .characterClass(let set):
            if lead < 0x80 {
                guard code.program.asciiClasses[set].contains(lead) else { return nil }
            } else {
                guard code.program.classes[set].matches(decode(at: position)) else { return nil }
            }
        case .dot:
            guard !RegexCharacterClass.isLineTerminator(decode(at: position)) else { return nil }
        }
        return position + Self.length(lead)
    }

    private mutating func look(_ sub: Int, ahead: Bool, at position: Int) -> Outcome {
        if ahead { return run(sub, from: position) }
        var start = position
        while true {
            let outcome = run(sub, from: start, requiredEnd: position)
            if outcome != .failed { return outcome }
            guard start > 0 else { return .failed }
            start -= 1
            while start > 0, input[start] & 0xC0 == 0x80 { start -= 1 }
        }
    }

    private func matchBackreference(_ number: Int, at position: Int) -> Int? {
        guard code.program.keepsCaptures, number <= code.program.captureCount else { return position }
        let start = slots[number * 2]
        let end = slots[number * 2 + 1]
        // A group that did not take part matches the empty string.
        guard start >= 0, end >= start else { return position }
        let length = end - start
        guard position + length <= input.count else { return nil }
        for offset in 0..<length where input[start + offset] != input[position + offset] { return nil }
        return position + length
    }

    static func length(_ lead: UInt8) -> Int {
        if lead < 0x80 { return 1 }
        if lead < 0xE0 { return 2 }
        if lead < 0xF0 { return 3 }
        return 4
    }

    func decode(at position: Int) -> UInt32 {
        let lead = input[position]
        if lead < 0x80 { return UInt32(lead) }
        let length = Self.length(lead)
        guard position + length <= input.count else { return 0xFFFD }
        var value = UInt32(lead) & (length == 2 ? 0x1F : (length == 3 ? 0x0F : 0x07))
        for offset in 1..<length { value = value << 6 | UInt32(input[position + offset] & 0x3F) }
        return value
    }

    func decode(before position: Int) -> UInt32 {
        var start = position - 1
        while start > 0, input[start] & 0xC0 == 0x80 { start -= 1 }
        return decode(at: start)
    }
}
