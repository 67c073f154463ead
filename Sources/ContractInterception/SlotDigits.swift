/// Spells a backend's slot number in binary as a type, so that each backend gets a `URLProtocol` subclass
/// of its own (`SlottedURLProtocol<SlotOne<SlotZero<SlotEnd>>>` is slot 5).
///
/// Why types: a session picks its protocol classes from its configuration, and that class is the only
/// thing a configuration carries that reliably reaches the protocol on Linux (headers from
/// `httpAdditionalHeaders` do not, and the task has no public way back to its session). Generic types
/// are instantiated at run time, so any number of backends can each have a class without global state.
protocol SlotDigits {
    /// The number the type spells.
    static var slot: Int { get }
}

/// The leading 1 bit.
enum SlotEnd: SlotDigits {
    static var slot: Int { 1 }
}

/// A 0 bit after `Rest`.
enum SlotZero<Rest: SlotDigits>: SlotDigits {
    static var slot: Int { Rest.slot &* 2 }
}

/// A 1 bit after `Rest`.
enum SlotOne<Rest: SlotDigits>: SlotDigits {
    static var slot: Int { Rest.slot &* 2 &+ 1 }
}

enum SlotTypes {
    /// The protocol class for a slot (at least 1).
    static func protocolClass(for slot: Int) -> ContractURLProtocol.Type {
        var bits: [Bool] = []
        var rest = max(slot, 1)
        while rest > 1 {
            bits.append(rest & 1 == 1)
            rest >>= 1
        }
        var digits: any SlotDigits.Type = SlotEnd.self
        for bit in bits.reversed() {
            digits = appending(bit, to: digits)
        }
        return protocolClass(digits)
    }

    private static func appending<Rest: SlotDigits>(_ bit: Bool, to _: Rest.Type) -> any SlotDigits.Type {
        bit ? SlotOne<Rest>.self : SlotZero<Rest>.self
    }

    private static func protocolClass<Digits: SlotDigits>(_: Digits.Type) -> ContractURLProtocol.Type {
        SlottedURLProtocol<Digits>.self
    }
}
