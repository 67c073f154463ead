import Testing

@testable import ContractVerify

/// Header names and hosts compare ASCII letters case-insensitively: eight bytes at a time while they are
/// spelled the same, then byte by byte with folding. Every length around the eight-byte steps, a
/// difference (in case or in letter) at every position, must decide as comparing lower-cased copies.
@Suite("Case-insensitive names")
struct HeaderNameTests {
    @Test("equal as lower-cased copies, whatever the length and the position of a difference")
    func foldedComparison() {
        let letters = Array("abcdefghijklmnopqrstuvwxyz-0123".utf8)
        for length in 0...26 {
            let name = String(decoding: letters.prefix(length), as: UTF8.self)
            #expect(HTTPHeaders.sameName(name, name))
            for position in 0..<length {
                for replacement in ["A", "Z", "-", "0", "[", "@", "`", "{", "é"] {
                    var bytes = Array(name.utf8)
                    bytes.replaceSubrange(position...position, with: Array(replacement.utf8))
                    let other = String(decoding: bytes, as: UTF8.self)
                    let expected = name.utf8.count == other.utf8.count && Self.folded(name) == Self.folded(other)
                    #expect(HTTPHeaders.sameName(name, other) == expected, "\(name) / \(other)")
                    #expect(HTTPHeaders.sameName(other, name) == expected, "\(other) / \(name)")
                }
                let upper = name.prefix(position) + name.dropFirst(position).uppercased()
                #expect(HTTPHeaders.sameName(name, String(upper)), "\(name) / \(upper)")
            }
        }
        #expect(HTTPHeaders.sameName("Content-Type", "content-type"))
        #expect(!HTTPHeaders.sameName("Content-Type", "Content-Typf"))
        #expect("Bench.Example.COM".lowercasedEquals("bench.example.com"))
        #expect(!"bench.example.con".lowercasedEquals("bench.example.com"))
    }

    /// ASCII letters folded, every other byte as it is.
    private static func folded(_ text: String) -> [UInt8] {
        text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    }
}
