extension String {
    /// Whether this member name is a specification extension (`x-…`), which the builders skip.
    ///
    /// Asked of every member of every object checked: `hasPrefix` went through the general
    /// `Character` comparison each time, while the first two bytes decide it.
    var isSpecificationExtension: Bool {
        var bytes = utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "x"), bytes.next() == UInt8(ascii: "-") else { return false }
        // A combining mark right after the hyphen joins it into another `Character`: `hasPrefix` decides.
        guard let next = bytes.next(), next >= 0x80 else { return true }
        return hasPrefix("x-")
    }
}
