/// Why a parameter or body could not be decoded for its style or media type.
struct DecodeFailure: Error, Sendable {
    /// What the style or media type requires.
    let expected: String
    /// What was sent, cut short.
    let actual: String
    /// Where and why parsing stopped, when a parser says.
    var hint: String?
}
