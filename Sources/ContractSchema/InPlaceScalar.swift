import ContractJSON

// Memory safety: an `InPlaceScalar` is made by the streaming validator from bytes the JSON reader handed out
// during `JSONParser.read`, and is non-copyable and local to that call, so it never outlives the buffer.

/// A string or number instance as it stands in a JSON document: its UTF-8 bytes (checked, a string
/// without escapes), and the value made from them on the first request of a check that needs one.
///
/// The streaming validator hands these to the checks that can decide a scalar from its bytes (lengths,
/// `pattern`, `format`, bounds): a string of more than 15 bytes built for them was an allocation per
/// member, and most numbers in a body are plain integers that bounds decide from their digits.
struct InPlaceScalar<Value: BuiltFromUTF8>: ~Copyable {
    /// The bytes; valid while the document's buffer is.
    let utf8: UnsafeBufferPointer<UInt8>
    private var built: Value?

    init(utf8: UnsafeBufferPointer<UInt8>) {
        self.utf8 = utf8
    }

    /// The value, built once.
    mutating func value() -> Value {
        if let built { return built }
        let value = Value(checkedUTF8: utf8)
        built = value
        return value
    }
}

/// A value an `InPlaceScalar` can build from bytes the JSON reader checked.
protocol BuiltFromUTF8 {
    init(checkedUTF8 bytes: UnsafeBufferPointer<UInt8>)
}

extension String: BuiltFromUTF8 {
    init(checkedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        self.init(decoding: bytes, as: UTF8.self)
    }
}

extension JSONNumber: BuiltFromUTF8 {
    init(checkedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        self.init(text: String(decoding: bytes, as: UTF8.self))
    }
}

/// A string instance read in place.
typealias StringInstance = InPlaceScalar<String>
/// A number instance read in place (its literal's bytes).
typealias NumberInstance = InPlaceScalar<JSONNumber>

extension InPlaceScalar where Value == JSONNumber {
    /// The value when the literal is plain digits (after an optional `-`) that fit, as
    /// `NumberFacts.plainInt64` reads its text.
    var plainInt64: Int64? {
        NumberFacts.plainInt64(utf8)
    }

    /// Whether the literal has neither fraction nor exponent (then it is an integer, as JSON Schema
    /// counts them; with one it may still be, like `1.0`).
    var isPlainInteger: Bool {
        !utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }
}
