import ContractJSON

/// A string kept with its `KeyHash`, for table keys spelled from long URIs and references: hashing
/// such a string with SipHash on every lookup cost more than the lookup, and equal hashes are checked
/// before the text is compared.
struct HashedText: Hashable {
    let text: String
    private let digest: UInt64

    init(_ text: String) {
        self.text = text
        self.digest = KeyHash.of(text).hash
    }

    static func == (lhs: HashedText, rhs: HashedText) -> Bool {
        lhs.digest == rhs.digest && lhs.text == rhs.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}
