extension StringProtocol {
    /// Splits at an ASCII separator by scanning UTF-8 bytes, which is much cheaper than splitting by
    /// `Character` (grapheme breaking) and safe, since an ASCII byte never occurs inside a multi-byte
    /// sequence. Empty pieces are kept.
    func splitting(at separator: UInt8, maxSplits: Int = .max) -> [Substring] {
        let text = Substring(self)
        var pieces: [Substring] = []
        // One allocation of the right size instead of growing as pieces are found.
        pieces.reserveCapacity(Swift.min(text.utf8.count { $0 == separator }, maxSplits) + 1)
        var start = text.utf8.startIndex
        var index = start
        let end = text.utf8.endIndex
        while index < end, pieces.count < maxSplits {
            if text.utf8[index] == separator {
                // Sliced through the UTF-8 view: an ASCII separator always stands on a scalar boundary, so
                // the string slice's alignment checks are not needed.
                pieces.append(Substring(text.utf8[start..<index]))
                start = text.utf8.index(after: index)
            }
            index = text.utf8.index(after: index)
        }
        pieces.append(Substring(text.utf8[start..<end]))
        return pieces
    }
}
