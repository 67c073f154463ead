/// A fixed list of ASCII keywords, in which a key is found by its length and first eight bytes
/// instead of by hashing it.
///
/// Walks over schema objects classify every member's key (is it a keyword, which one); through a
/// `[String: …]` dictionary each key was seeded, hashed and finalised with SipHash, a few percent of
/// loading a contract. Here most keys are told apart by their length and one integer comparison.
///
/// The answers are those of a dictionary lookup: `String ==` compares canonical equivalents equal,
/// but the only characters outside ASCII equivalent to ASCII ones are U+212A KELVIN SIGN (`K`),
/// U+037E GREEK QUESTION MARK (`;`) and U+1FEF GREEK VARIA (`` ` ``), so for keywords without those
/// three letters byte equality is the same relation; the initializer rejects any other keyword.
/// Not generic: a generic table was not specialized in the modules that use it, and its lookups
/// went through type metadata.
package struct KeywordTable: Sendable {
    private struct Entry: Sendable {
        let head: UInt64
        let key: String
        let index: Int
    }

    /// `groups[n]`: the keywords of `n` bytes.
    private let groups: [[Entry]]

    /// A table of `keywords`; a keyword given twice answers with its last position.
    package init(_ keywords: [String]) {
        var groups = [[Entry]](repeating: [], count: (keywords.map(\.utf8.count).max() ?? 0) + 1)
        for (index, key) in keywords.enumerated() {
            precondition(
                key.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "K") && $0 != UInt8(ascii: ";") && $0 != 0x60 },
                "keyword tables hold ASCII keywords without K, ; or `")
            let entry = Entry(head: UTF8Equality.head(key), key: key, index: index)
            let count = key.utf8.count
            if let existing = groups[count].firstIndex(where: { $0.key == key }) {
                groups[count][existing] = entry
            } else {
                groups[count].append(entry)
            }
        }
        self.groups = groups
    }

    /// The position of `key` in the keywords, if it is one of them.
    package subscript(key: String) -> Int? {
        let count = key.utf8.count
        guard count < groups.count else { return nil }
        let group = groups[count]
        guard !group.isEmpty else { return nil }
        let head = UTF8Equality.head(key)
        for entry in group where entry.head == head {
            if count <= 8 || UTF8Equality.equal(entry.key, key) { return entry.index }
        }
        return nil
    }
}
