// Memory safety: the slots are lent by `JSONParser` for one parse and indexed only through `mask` (their count
// less one) or slot numbers this cache gave; a slot's `start`/`count` name bytes read earlier in the same input,
// and `equal` loads words only inside both ranges or, for short ones, where `max(first, second) + 8 <= count`.

/// The object keys (and long string values) one parse has already made into `String`s, by hash,
/// so that one that repeats is shared instead of being built again (and, past 15 bytes,
/// allocated, copied and later freed again). Most of a list's keys repeat (86% of the 20 KB
/// benchmark list's), and so do many of its long values (user emails, hashes, dates: 50 of 118).
///
/// A two-way associative table in memory the parser lends (its stack frame): a string replaces
/// whichever of its two slots was used longer ago. A slot remembers where its bytes are in the
/// input, so a hash match is confirmed byte for byte: a string is only ever shared with one of
/// exactly the same bytes.
///
/// Each key's slot also remembers the slot of the key that followed it in its object, so that
/// the parser can first check whether the input holds that same key again (objects of one kind
/// list their keys in one order): bytes compared in place, with no scan for the closing quote
/// and no hashing.
struct StringCache: ~Copyable {
    /// One remembered string.
    struct Slot {
        /// The string's `KeyHash`.
        var hash: UInt64
        /// The offset of the string's bytes in the input (a cache is only made for inputs below 4 GB):
        /// of its latest copy, so that of two slots the one with the smaller `start` was used longer ago.
        var start: UInt32
        /// The number of bytes; `UInt32.max` for an empty slot (no key of that length fits).
        var count: UInt32
        /// The slot of the key that followed this one in its object the last time; -1 for none.
        var next: Int32
        /// The string made from those bytes.
        var string: String
    }

    /// A key found where the cache predicted it.
    struct Prediction {
        /// The key, as made the first time its bytes were read.
        var string: String
        /// Its `KeyHash`.
        var hash: UInt64
        /// Its slot, whose successor predicts the next key.
        var slot: Int
        /// The key's length in bytes (its closing quote follows).
        var count: Int
    }

    private let slots: UnsafeMutableBufferPointer<Slot>
    /// `slots.count - 1` (a power of two less one), or -1 when there are no slots.
    private let mask: Int

    /// Whether there are slots (bodies below `JSONParser.stringCacheMinimumBytes` get none).
    var isEnabled: Bool { mask >= 0 }

    /// The slots a parse's cache lives in: on the parser's stack frame, which `withUnsafeTemporaryAllocation`
    /// does not give for more than 1 KB here (it asked the runtime, which said no on every parse: a 10 KB
    /// `malloc`, whose size class also made `malloc` merge its free lists, on every parse of a list).
    /// `InlineArray` exists on Apple's systems from their 26 releases only; before them the parser
    /// takes the temporary allocation (see `JSONParser`).
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    typealias Storage = InlineArray<256, Slot>

    /// The number of slots a parse's cache has (a power of two).
    static let slotCount = 256

    /// A slot that holds nothing.
    static let emptySlot = Slot(hash: 0, start: 0, count: .max, next: -1, string: "")

    /// Empty slots for a parse, `slotCount` of them.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    static func emptyStorage() -> Storage {
        Storage(repeating: emptySlot)
    }

    /// A cache in `buffer` (initialized slots, all empty; its count a power of two, or zero for no
    /// cache), which must outlive it.
    init(lending buffer: UnsafeMutableBufferPointer<Slot>) {
        slots = buffer
        mask = buffer.count - 1
    }

    /// The string whose bytes are `input[start..<start + count]` and whose `KeyHash` is `hash`:
    /// the one made for an earlier copy of the same bytes, or `make()`'s, which is remembered;
    /// with the slot it is in (-1 without a cache).
    ///
    /// A string may sit in either of two slots (two-way associative): with one, a key and a value
    /// or another key whose hashes shared their low bits pushed each other out, and a list's keys
    /// were made again about 40% more often than with two (the benchmark list, 40 seeds simulated:
    /// 437 keys missed on average against 330, the spread between seeds from 390-525 to 318-342).
    @inline(__always)
    func string(
        hash: UInt64, start: Int, count: Int, in input: UnsafeBufferPointer<UInt8>, make: () -> String
    ) -> (string: String, slot: Int) {
        guard mask >= 0 else { return (make(), -1) }
        // `mask` is the slot count less one, so both slots are in bounds.
        let first = Int(truncatingIfNeeded: hash) & mask
        if holds(first, hash: hash, start: start, count: count, in: input) { return (slots[first].string, first) }
        let second = Int(truncatingIfNeeded: hash &>> 32) & mask
        if holds(second, hash: hash, start: start, count: count, in: input) { return (slots[second].string, second) }
        // The slot used longer ago gives way (an empty one's `start` is 0, before any string's).
        let slot = slots[second].start < slots[first].start ? second : first
        let string = make()
        slots[slot] = Slot(
            hash: hash, start: UInt32(truncatingIfNeeded: start), count: UInt32(truncatingIfNeeded: count), next: -1,
            string: string)
        return (string, slot)
    }

    /// Whether `slot` holds the string of `input[start..<start + count]`, whose hash is `hash`; if it
    /// does, the slot's `start` moves to this copy (the bytes are the same), which marks it as used now.
    @inline(__always)
    private func holds(_ slot: Int, hash: UInt64, start: Int, count: Int, in input: UnsafeBufferPointer<UInt8>) -> Bool
    {
        guard slots[slot].hash == hash, Int(slots[slot].count) == count,
            Self.equal(input, Int(slots[slot].start), start, count)
        else { return false }
        slots[slot].start = UInt32(truncatingIfNeeded: start)
        return true
    }

    /// The slot of the key that followed the key in `previous` last time; -1 for none.
    @inline(__always)
    func next(after previous: Int) -> Int {
        // Slot numbers come from this cache (or are -1), so they are in bounds.
        previous >= 0 ? Int(slots[previous].next) : -1
    }

    /// The string in `slot`, if the input at `start` (just after an opening quote) holds exactly
    /// its bytes and then a closing quote.
    @inline(__always)
    func predicted(_ slot: Int, at start: Int, in input: UnsafeBufferPointer<UInt8>) -> Prediction? {
        // Slot numbers come from this cache (or are -1), so they are in bounds.
        guard slot >= 0, slots[slot].count != .max else { return nil }
        let count = Int(slots[slot].count)
        // The remembered string had no quote, backslash or control byte, so equal bytes followed
        // by a quote are that plain string. The quote's offset is checked to be in bounds first.
        guard start + count < input.count, input[start + count] == UInt8(ascii: "\""),
            Self.equal(input, Int(slots[slot].start), start, count)
        else { return nil }
        // Used now (see `holds`).
        slots[slot].start = UInt32(truncatingIfNeeded: start)
        return Prediction(string: slots[slot].string, hash: slots[slot].hash, slot: slot, count: count)
    }

    /// Records that the key in `next` followed the key in `previous` (either may be -1: none).
    @inline(__always)
    func link(_ previous: Int, to next: Int) {
        // Slot numbers come from this cache (or are -1), so they are in bounds.
        guard previous >= 0 else { return }
        slots[previous].next = Int32(truncatingIfNeeded: next)
    }

    /// Whether `input[first..<first + count]` and `input[second..<second + count]` are equal,
    /// eight bytes at a time; both ranges are strings the parser read, so they lie within `input`.
    @inline(__always)
    private static func equal(_ input: UnsafeBufferPointer<UInt8>, _ first: Int, _ second: Int, _ count: Int) -> Bool {
        guard let base = input.baseAddress else { return count == 0 }
        let one = UnsafeRawPointer(base + first)
        let other = UnsafeRawPointer(base + second)
        if count >= 8 {
            // Whole words within the ranges; the last one overlaps the one before it when
            // `count` is not a multiple of eight.
            var offset = 0
            while true {
                let at = Swift.min(offset, count - 8)
                let same =
                    one.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                    == other.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                if !same || at == count - 8 { return same }
                offset += 8
            }
        }
        if Swift.max(first, second) + 8 <= input.count {
            // Both words lie within `input` (checked just above); the bytes past the strings are masked off.
            let mask: UInt64 = count == 0 ? 0 : ~0 >> UInt64(64 - 8 * count)
            let oneWord = UInt64(littleEndian: one.loadUnaligned(as: UInt64.self))
            let otherWord = UInt64(littleEndian: other.loadUnaligned(as: UInt64.self))
            return (oneWord ^ otherWord) & mask == 0
        }
        return (0..<count).allSatisfy {
            one.load(fromByteOffset: $0, as: UInt8.self) == other.load(fromByteOffset: $0, as: UInt8.self)
        }
    }
}
