import ContractJSON

/// A `$ref` text as written in a file. Resolving depends on nothing else, so the same text in the same file
/// always reaches the same target: walkers that meet a contract's few `$ref`s thousands of times remember
/// what one led to by this key instead of following it again. Hashed by the text's bytes (`HashedText`).
struct WrittenReference: Hashable {
    let file: ObjectIdentifier
    let text: HashedText

    /// The reference `value` holds, written in `file`; `nil` when `value` is not a string.
    init?(_ value: JSONValue, in file: ContractFile) {
        guard case .string(let text) = value else { return nil }
        self.file = ObjectIdentifier(file)
        self.text = HashedText(text)
    }
}
