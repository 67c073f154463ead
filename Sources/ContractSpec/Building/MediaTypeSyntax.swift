/// Whether a media type name as a contract writes it is well formed: `type/subtype` with optional
/// parameters, or a range (`*/*`, `image/*`).
enum MediaTypeSyntax {
    static func isValid(_ name: String) -> Bool {
        // On contiguous bytes: the UTF-8 view's iterator is many times slower, and this runs for every media
        // type of every operation of a contract.
        if let valid = name.utf8.withContiguousStorageIfAvailable({ isValid(bytes: $0) }) { return valid }
        return isValid(bytes: Array(name.utf8))
    }

    private static func isValid(bytes name: some Sequence<UInt8>) -> Bool {
        var slashes = 0
        var typeLength = 0
        var subtypeLength = 0
        for byte in name {
            if byte == UInt8(ascii: ";") { break }
            if byte == 0x20 || byte == 0x09 { continue }
            if byte == UInt8(ascii: "/") {
                slashes += 1
            } else if slashes == 0 {
                typeLength += 1
            } else {
                subtypeLength += 1
            }
        }
        return slashes == 1 && typeLength > 0 && subtypeLength > 0
    }
}
