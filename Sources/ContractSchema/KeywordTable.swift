/// A fixed list of ASCII keywords, in which a key is found by its length and first eight bytes (the
/// lookup of `PropertyTable`) instead of by hashing it.
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
    /// The distinct keywords, found as a schema's property names are (`PropertyTable`).
    private let table: PropertyTable
    /// For each distinct keyword, its last position in the list given.
    private let positions: [Int]

    /// A table of `keywords`; a keyword given twice answers with its last position.
    package init(_ keywords: [String]) {
        var distinct: [String] = []
        var positions: [Int] = []
        for (index, key) in keywords.enumerated() {
            precondition(
                key.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "K") && $0 != UInt8(ascii: ";") && $0 != 0x60 },
                "keyword tables hold ASCII keywords without K, ; or `")
            if let existing = distinct.firstIndex(of: key) {
                positions[existing] = index
            } else {
                distinct.append(key)
                positions.append(index)
            }
        }
        table = PropertyTable(distinct)
        self.positions = positions
    }

    /// The position of `key` in the keywords, if it is one of them.
    package subscript(key: String) -> Int? {
        table.index(of: key).map { positions[$0] }
    }
}
