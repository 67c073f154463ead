/// A string instance as it stands in a JSON document: its UTF-8 bytes (checked, without escapes), and the
/// `String` made from them on the first request of a check that needs one.
///
/// The streaming validator hands these to the checks that can decide a string from its bytes (lengths,
/// `pattern`, `format`): a string of more than 15 bytes built for them was an allocation per member.
struct StringInstance: ~Copyable {
    /// The bytes; valid while the document's buffer is.
    let utf8: UnsafeBufferPointer<UInt8>
    private var built: String?

    init(utf8: UnsafeBufferPointer<UInt8>) {
        self.utf8 = utf8
    }

    /// The text, built once.
    mutating func string() -> String {
        if let built { return built }
        let text = String(decoding: utf8, as: UTF8.self)
        built = text
        return text
    }
}
